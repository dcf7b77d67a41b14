// SPDX-License-Identifier: MIT
// The zbar bar code reader (Debian libzbar-dev, pkg-config zbar), imported by Scanning only.
#ifndef CZBAR_SHIM_H
#define CZBAR_SHIM_H

#include <zbar.h>

// zbar names image formats by four-character codes built with the `zbar_fourcc` macro, which
// Swift cannot import (it is function-like). "Y800" is 8-bit greyscale: the luma plane as is.
static const unsigned long CZBAR_FOURCC_Y800 =
    ((unsigned long)'Y') | ((unsigned long)'8' << 8) | ((unsigned long)'0' << 16) |
    ((unsigned long)'0' << 24);

#endif
