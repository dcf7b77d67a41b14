// SPDX-License-Identifier: MIT
// Thin C boundary for libyuv. Debian's libyuv-dev ships no pkg-config file, so the module links
// `yuv` by name and includes the umbrella header from /usr/include.
// The planar functions and the FilterMode enum Imaging uses import as is; nothing needs a
// wrapper yet. libyuv 1857 quirks are handled (and explained) in Imaging, not here.
#ifndef CLIBYUV_SHIM_H
#define CLIBYUV_SHIM_H

#include <libyuv.h>

#endif
