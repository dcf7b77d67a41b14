// SPDX-License-Identifier: MIT
#include "czxing.h"

// ZXing 1.4 returns text as UTF-8 std::string only with this defined (its announced default).
#define ZX_USE_UTF8 1
#include <ZXing/ReadBarcode.h>

#include <cstring>

extern "C" int czxing_read_luma(const uint8_t *luma, int width, int height, int row_stride,
                                czxing_code *codes, int capacity, char *text,
                                size_t text_capacity) {
  try {
    ZXing::ImageView image(luma, width, height, ZXing::ImageFormat::Lum, row_stride);
    ZXing::DecodeHints hints;
    hints.setTryHarder(true).setTryRotate(true);
    auto results = ZXing::ReadBarcodes(image, hints);
    int count = 0;
    size_t used = 0;
    for (const auto &result : results) {
      if (count >= capacity) break;
      if (!result.isValid()) continue;
      std::string utf8 = result.text();
      if (utf8.size() > text_capacity - used) continue;
      czxing_code &code = codes[count++];
      std::strncpy(code.format, ZXing::ToString(result.format()), sizeof code.format - 1);
      code.format[sizeof code.format - 1] = 0;
      const auto &position = result.position();
      for (int i = 0; i < 4; i++) {
        code.x[i] = position[i].x;
        code.y[i] = position[i].y;
      }
      std::memcpy(text + used, utf8.data(), utf8.size());
      code.text_offset = used;
      code.text_length = utf8.size();
      used += utf8.size();
    }
    return count;
  } catch (...) {
    return -1;
  }
}
