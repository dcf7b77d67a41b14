// SPDX-License-Identifier: MIT

import CameraTestSupport
import Testing

@testable import Overlay

@Suite("Text layout")
struct TextLayoutTests {
  // At 10 px the fixed-width measurer gives 6 px a character.
  private let layout = TextLayout(measurer: FixedWidthTextMeasurer())

  @Test func shortTextIsNotTruncated() {
    #expect(layout.truncated("camera", pointSize: 10, width: 36) == "camera")
  }

  @Test func longTextEndsInEllipsisWithinWidth() {
    let result = layout.truncated("Integrated Camera", pointSize: 10, width: 48)
    #expect(result == "Integra…")
    #expect(layout.size(of: result, pointSize: 10).width <= 48)
  }

  @Test func wrapBreaksAtSpacesWithinWidth() {
    let lines = layout.wrapped("one two three four", pointSize: 10, width: 60)
    #expect(lines == ["one two", "three four"])
  }

  @Test func overlongWordGetsItsOwnTruncatedLine() {
    let lines = layout.wrapped("a /dev/v4l/by-id/very-long-name b", pointSize: 10, width: 60)
    #expect(lines == ["a", "/dev/v4l/…", "b"])
  }
}
