// SPDX-License-Identifier: MIT
// Thin C boundary for libpng: Imaging reads the PNG files `pinhole --scan` is given and writes the
// overlay goldens of the tests.
// libpng's simplified API (png_image_*) imports into Swift as is; this header only gathers it and
// names the values Swift cannot see through their macros.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

// PNG_IMAGE_VERSION, PNG_FORMAT_GRAY and PNG_FORMAT_RGB are plain macros in png.h; copied as
// constants so the Swift side does not depend on how the macro expands in a later libpng.
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int CPNG_FORMAT_GRAY = PNG_FORMAT_GRAY;
static const unsigned int CPNG_FORMAT_RGB = PNG_FORMAT_RGB;

#endif
