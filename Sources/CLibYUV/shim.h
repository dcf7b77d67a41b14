// SPDX-License-Identifier: MIT
// Thin C boundary for libyuv. Debian's libyuv-dev ships no pkg-config file, so the module links
// `yuv` by name and includes the umbrella header from /usr/include.
#ifndef CLIBYUV_SHIM_H
#define CLIBYUV_SHIM_H

#include <libyuv.h>

#endif
