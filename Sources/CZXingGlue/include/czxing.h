// SPDX-License-Identifier: MIT
// One C entry point into ZXing-C++ 1.4 (Debian libzxing-dev, C++ only), so that the Scanning
// module can use the library without enabling C++ interoperability for the whole package.
// Glue only: the file passes the image through and copies the results out; every decision
// (which codes to keep, how to name their types) is made in Swift.
#ifndef CZXING_H
#define CZXING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One code ZXing read: its format's name as ZXing spells it ("QRCode", "EAN-13"), its corners
/// (top left, top right, bottom right, bottom left, in image pixels) and where its UTF-8 text
/// lies in the caller's text buffer.
typedef struct czxing_code {
  char format[24];
  int32_t x[4];
  int32_t y[4];
  size_t text_offset;
  size_t text_length;
} czxing_code;

/// Reads the codes in an 8-bit luma image of `width` x `height` pixels whose rows are
/// `row_stride` bytes apart. Writes up to `capacity` codes into `codes` and their texts, one
/// after the other, into `text` (of `text_capacity` bytes; a text that does not fit is
/// dropped). Returns the number of codes written, or -1 when the library threw.
int czxing_read_luma(const uint8_t *luma, int width, int height, int row_stride,
                     czxing_code *codes, int capacity, char *text, size_t text_capacity);

#ifdef __cplusplus
}
#endif

#endif
