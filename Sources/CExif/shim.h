// SPDX-License-Identifier: MIT
// Thin C boundary for libexif, used to write EXIF into saved photos.
#ifndef CEXIF_SHIM_H
#define CEXIF_SHIM_H

#include <libexif/exif-data.h>
#include <libexif/exif-entry.h>
#include <libexif/exif-tag.h>
#include <libexif/exif-utils.h>

#endif
