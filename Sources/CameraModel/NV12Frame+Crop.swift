// SPDX-License-Identifier: MIT

extension NV12Frame {
  /// Copies the part `rectangle` of this frame into `destination`, resized to the
  /// rectangle's size; metadata comes along. The rectangle is first pushed inside the frame
  /// and its edges made even (NV12's chroma covers 2×2 pixels), so any rectangle is safe.
  /// Thread of whoever holds both frames.
  public func copy(_ rectangle: PixelRectangle, into destination: NV12Frame) {
    let crop = Self.evenRectangle(rectangle, in: size)
    destination.resize(to: FrameSize(width: crop.width, height: crop.height))
    destination.metadata = metadata
    guard crop.width > 0, crop.height > 0 else { return }
    withPlaneAddresses { sourceY, sourceUV in
      destination.withPlaneAddresses { targetY, targetUV in
        for row in 0..<crop.height {
          (targetY + row * destination.yStride).update(
            from: sourceY + (crop.top + row) * yStride + crop.left, count: crop.width)
        }
        // CbCr pairs: one per two columns, one row per two rows; the even left edge starts on
        // a pair.
        let chromaWidth = min((crop.width + 1) / 2 * 2, uvStride - crop.left)
        for row in 0..<destination.chromaHeight {
          (targetUV + row * destination.uvStride).update(
            from: sourceUV + (crop.top / 2 + row) * uvStride + crop.left, count: chromaWidth)
        }
      }
    }
  }

  /// `rectangle` inside a frame of `size` with even left and top edges; the size shrinks only
  /// where the frame ends.
  static func evenRectangle(_ rectangle: PixelRectangle, in size: FrameSize) -> PixelRectangle {
    let width = min(max(rectangle.width, 0), max(size.width, 0))
    let height = min(max(rectangle.height, 0), max(size.height, 0))
    var left = min(max(rectangle.left, 0), size.width - width) / 2 * 2
    var top = min(max(rectangle.top, 0), size.height - height) / 2 * 2
    left = max(left, 0)
    top = max(top, 0)
    return PixelRectangle(
      left: left, top: top, width: min(width, size.width - left),
      height: min(height, size.height - top))
  }
}
