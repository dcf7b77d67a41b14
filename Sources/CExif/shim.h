// SPDX-License-Identifier: MIT
// Thin C boundary for libexif, used to write EXIF into saved photos. Everything libexif offers
// imports into Swift as is (plain functions, enums and structs), so this header only gathers the
// headers MediaStore uses; no wrappers are needed.
#ifndef CEXIF_SHIM_H
#define CEXIF_SHIM_H

// ExifData, exif_data_new/save_data/set_byte_order and the IFD array.
#include <libexif/exif-data.h>
// ExifContent and exif_content_add_entry: one IFD's entries.
#include <libexif/exif-content.h>
// ExifEntry, built by hand because exif_entry_initialize leaves OffsetTime* empty in 0.6.24.
#include <libexif/exif-entry.h>
// exif_format_get_size, to count an entry's components.
#include <libexif/exif-format.h>
// Tag numbers, including EXIF_TAG_OFFSET_TIME(_ORIGINAL) = 0x9010/0x9011.
#include <libexif/exif-tag.h>
#include <libexif/exif-utils.h>

#endif
