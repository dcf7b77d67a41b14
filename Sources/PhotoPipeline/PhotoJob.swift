// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import MediaStore

/// One shot for `PhotoWriter`: the pixels and everything the file and its EXIF block need.
///
/// Not `Sendable`: a raw job carries its frame, so a job moves to the writer `sending`, and the
/// compiler checks that the caller lets go of the frame.
public struct PhotoJob {
  /// Where the pixels come from.
  public enum Source {
    /// A raw frame, encoded as JPEG quality 92 4:2:0. `release` gives the frame back to its
    /// pool; the writer calls it on its own thread as soon as encoding and the thumbnail are
    /// done, and also when it refuses or drops the job.
    case raw(NV12Frame, release: @Sendable (sending NV12Frame) -> Void)
    /// The camera's own JPEG bytes (an MJPEG frame), saved without re-encoding; standard
    /// Huffman tables are inserted when the camera left them out.
    case jpeg([UInt8])
    /// Frames to merge into one photo (`FrameMerger`), oldest first; the last is the moment
    /// of the shutter and the reference. Raw entries hold frames of the job's own, not pool
    /// frames; compressed ones are decoded on the writer's thread. The reference is written
    /// first as a proxy, then replaced by the merged photo in one rename.
    case burst([RingEntry], quality: PhotoQuality)
    /// A merged photo whose frames come after the shutter, in a larger camera mode: `proxy`
    /// (the frame on screen, a copy of the job's own) is written at once, and the merge of
    /// the frames `still` collects replaces it. When they never come (the camera changed its
    /// size or went away) the proxy stays, and `.proxyKept` says why.
    case still(proxy: RingEntry, frames: StillFrames, quality: PhotoQuality)
  }

  /// The pixels.
  public var source: Source
  /// When the shutter was pressed, on the wall clock: names the file, fills DateTimeOriginal.
  public var captureDate: Date
  /// When the shutter was pressed, on the monotonic clock: the start of `clickToFile`.
  public var clickTime: MonotonicTime
  /// The camera maker for EXIF Make.
  public var make: String
  /// The camera model for EXIF Model.
  public var model: String
  /// How a viewer must turn the picture upright.
  public var orientation: PhotoMetadata.Orientation
  /// The folder the photo goes into. The writer creates it when only its last component is
  /// missing; a missing parent (an unplugged drive) is reported and the photo kept.
  public var folder: URL
  /// The digital zoom in force at the shutter: the photo keeps only its region (a crop of the
  /// full frame, made before encoding). `.none` keeps the whole frame.
  public var zoom: DigitalZoom = .none
  /// How the picture was made, written to EXIF ImageDescription ("Pinhole: 8 frames merged,
  /// Quality"); nil for a plain single frame.
  public var imageDescription: String?

  /// Makes a job.
  public init(
    source: sending Source, captureDate: Date = Date(), clickTime: MonotonicTime = .now(),
    make: String, model: String, orientation: PhotoMetadata.Orientation = .up, folder: URL,
    imageDescription: String? = nil
  ) {
    self.imageDescription = imageDescription
    self.source = source
    self.captureDate = captureDate
    self.clickTime = clickTime
    self.make = make
    self.model = model
    self.orientation = orientation
    self.folder = folder
  }

  /// A job for the frame in a `FrameRing` entry: a raw entry's frame goes back through
  /// `release`, a compressed entry is saved as it is.
  public init(
    entry: sending RingEntry, release: @escaping @Sendable (sending NV12Frame) -> Void,
    captureDate: Date,
    clickTime: MonotonicTime, make: String, model: String,
    orientation: PhotoMetadata.Orientation = .up, folder: URL
  ) {
    let source: Source
    switch entry.content {
    case .raw(let frame): source = .raw(frame, release: release)
    case .compressed(let bytes): source = .jpeg(bytes)
    }
    self.init(
      source: source, captureDate: captureDate, clickTime: clickTime, make: make, model: model,
      orientation: orientation, folder: folder)
  }

  /// Gives a raw job's frame back to its pool; nothing for JPEG jobs. For writers that refuse
  /// a job.
  public static func releaseFrame(of job: sending PhotoJob) {
    // A burst's frames are its own copies: nothing goes back to a pool.
    if case .raw(let frame, let release) = job.source { release(frame) }
  }
}
