// SPDX-License-Identifier: MIT
// Thin C boundary for libpng, used by the test support to keep overlay goldens as small PNG files.
// libpng's simplified API (png_image_*) imports into Swift as is; this header only gathers it and
// names the two values Swift cannot see through their macros.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

// PNG_IMAGE_VERSION and PNG_FORMAT_RGB are plain macros in png.h; copied as constants so the Swift
// side does not depend on how the macro expands in a later libpng.
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int CPNG_FORMAT_RGB = PNG_FORMAT_RGB;

#endif
