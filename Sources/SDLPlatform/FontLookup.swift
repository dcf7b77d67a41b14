// SPDX-License-Identifier: MIT
import Workers

/// `FontLocator.sansSerifPath()` run on a thread of its own, started before the window: reading
/// fontconfig's configuration and caches then overlaps creating the window and its GL context
/// instead of delaying the first frame, and none of it happens on the render loop.
public final class FontLookup: Sendable {
  private let lookup = BackgroundResult<String?>(name: "pinhole-fonts") {
    FontLocator.sansSerifPath()
  }

  /// Starts the lookup.
  public init() {}

  /// The font file found, waiting for the lookup if it is still running; `nil` when there is
  /// no usable font.
  public func path() -> String? {
    lookup.wait() ?? nil
  }
}
