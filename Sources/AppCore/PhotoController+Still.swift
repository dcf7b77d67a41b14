// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import Localization
import PhotoPipeline

/// Quality shots in the camera's largest mode: when the camera offers a mode larger than the
/// preview's, a Quality press writes the frame on screen as the photo's proxy at once, freezes
/// the preview on that frame, switches the stream to the largest mode for the shot's frames
/// and back; the merge of those frames replaces the proxy.
extension PhotoController {
  /// A still shot under way: the mode switch, the shots waiting for frames (the first is being
  /// filled), and the frozen frame, which is the proxy of every press made meanwhile.
  struct StillShot {
    var modeSwitch: StillModeSwitch
    var collections: [StillFrames]
    var frozen: RingEntry
  }

  /// True while a still shot holds the preview frozen: the app shows the last preview frame and
  /// hands arriving frames to `stillFrameArrived` instead of presenting them.
  public var isPreviewFrozen: Bool { still != nil }

  /// Tells the controller the camera's preview mode and every mode it offers, once per frame;
  /// a Quality press switches to a larger one when there is one. Ignored during a still shot,
  /// whose own switch changes the mode streamed.
  public func cameraModes(preview: CaptureMode?, modes: [CaptureMode]) {
    guard still == nil else { return }
    stillTarget = preview.flatMap { preview in
      StillModeSwitch.stillMode(for: preview, among: modes).map { (preview, $0) }
    }
  }

  /// True when a Quality press now goes through a still shot.
  var takesStillShot: Bool {
    photoQuality == .quality && !isBursting && (still != nil || stillTarget != nil)
  }

  /// A Quality press with a larger mode available: the frame on screen at `time` (or the frozen
  /// frame, during a shot) goes to the writer as the proxy of a shot whose frames come next.
  /// Returns the writer's id, or nil when it refused the shot.
  func takeStillShot(at time: MonotonicTime, clickTime: MonotonicTime) -> UInt64? {
    if var shot = still {
      if shot.modeSwitch.phase == .returning {
        // The shot's frames are all taken and the preview mode was asked for: this press
        // asks for the still mode again rather than being refused.
        let collection = StillFrames(wanted: photoQuality.frameCount)
        guard let id = submitStill(proxy: Self.ownedCopy(of: shot.frozen), collection, clickTime)
        else { return nil }
        shot.modeSwitch.reopen(frames: photoQuality.frameCount)
        shot.collections.append(collection)
        still = shot
        effects.append(.deferDecoding(shot.modeSwitch.still.size))
        effects.append(.reconfigureCamera(shot.modeSwitch.stillRequest))
        return id
      }
      guard shot.modeSwitch.acceptsMoreFrames else { return nil }
      let collection = StillFrames(wanted: photoQuality.frameCount)
      guard let id = submitStill(proxy: Self.ownedCopy(of: shot.frozen), collection, clickTime)
      else { return nil }
      shot.modeSwitch.addFrames(photoQuality.frameCount)
      shot.collections.append(collection)
      still = shot
      return id
    }
    guard let target = stillTarget, !writer.isBusy, let entry = ring.take(shownAt: time) else {
      return nil
    }
    let frozen = Self.ownedCopy(of: entry)
    if let pooled = entry.rawFrame {
      // Unchecked, on the main thread that owns the ring: the ring handed the entry over; its
      // pool frame goes back now, a copy stays.
      nonisolated(unsafe) let frame = pooled
      release(frame)
    }
    let collection = StillFrames(wanted: photoQuality.frameCount)
    guard let id = submitStill(proxy: Self.ownedCopy(of: frozen), collection, clickTime) else {
      return nil
    }
    let modeSwitch = StillModeSwitch(
      preview: target.preview, still: target.still, frames: photoQuality.frameCount,
      frozenAt: clock())
    still = StillShot(modeSwitch: modeSwitch, collections: [collection], frozen: frozen)
    effects.append(.deferDecoding(target.still.size))
    effects.append(.reconfigureCamera(modeSwitch.stillRequest))
    effects.append(
      .log("pinhole: preview frozen; taking the Quality shot at \(target.still.size)"))
    return id
  }

  private func submitStill(
    proxy: sending RingEntry, _ collection: StillFrames, _ clickTime: MonotonicTime
  ) -> UInt64? {
    let captureDate = Date().addingTimeInterval(-clock().seconds(since: clickTime))
    var job = PhotoJob(
      source: .still(proxy: proxy, frames: collection, quality: photoQuality),
      captureDate: captureDate, clickTime: clickTime, make: device.driver, model: device.name,
      orientation: orientation, folder: folder)
    job.zoom = zoom
    return submitNamed(job)
  }

  /// A frame that arrived while the preview is frozen, at `time`: taken for the shot (as a
  /// copy), or skipped. Returns the pool frames to recycle: always the frame itself.
  public func stillFrameArrived(
    _ frame: sending NV12Frame, at time: MonotonicTime
  ) -> sending [NV12Frame] {
    // Unchecked: the main thread owns the frame until the answer hands it back; it is only
    // read here (copied) before that.
    nonisolated(unsafe) let arrived = frame
    guard var shot = still else { return [arrived] }
    switch shot.modeSwitch.frameArrived(size: arrived.size, at: time) {
    case .skip: break
    case .take:
      if let collection = shot.collections.first,
        collection.add(Self.ownedEntry(of: arrived, at: time))
      {
        shot.collections.removeFirst()
      }
      if shot.modeSwitch.phase == .returning {
        // Frames of the largest size still coming in stay undecoded until the preview is back.
        effects.append(.reconfigureCamera(shot.modeSwitch.previewRequest))
      }
    case .sizeChanged(let size):
      let message =
        tr("The camera changed its picture size to %1$s during the Quality shot.", size)
      for collection in shot.collections { collection.fail(message) }
      shot.collections = []
      effects.append(.deferDecoding(nil))
      effects.append(.reconfigureCamera(shot.modeSwitch.previewRequest))
      effects.append(.log("pinhole: \(message)"))
      // A camera that keeps the odd size never brings the preview mode back: unfreeze now.
      still = nil
      return [arrived]
    case .previewBack(let gap):
      let milliseconds = Int((gap / .milliseconds(1)).rounded())
      effects.append(.deferDecoding(nil))
      effects.append(
        .log(
          "pinhole: preview back in \(shot.modeSwitch.preview.size) after a gap of"
            + " \(milliseconds) ms (Quality shot taken at \(shot.modeSwitch.still.size))"))
      still = nil
      return [arrived]
    }
    still = shot
    return [arrived]
  }

  /// Ends a still shot without its frames: the camera went away or was switched, or the app
  /// quits. Its photos stay as their proxies, and the writer says so; the preview mode is
  /// asked for again, so the camera comes back in it.
  public func stillShotInterrupted(_ message: String) {
    guard var shot = still else { return }
    for collection in shot.collections { collection.fail(message) }
    shot.modeSwitch.abandon()
    effects.append(.deferDecoding(nil))
    effects.append(.reconfigureCamera(shot.modeSwitch.previewRequest))
    effects.append(.log("pinhole: \(message)"))
    still = nil
  }

  /// A still shot whose camera answers neither in the still mode nor back in the preview
  /// mode for `stillShotPatience` seconds ends, so the preview does not stay frozen.
  func checkStillShotPatience(at now: MonotonicTime) {
    guard let shot = still, now.seconds(since: shot.modeSwitch.frozenAt) > Self.stillShotPatience
    else { return }
    stillShotInterrupted(
      tr("The camera did not answer in its largest mode during the Quality shot."))
  }

  /// Seconds a still shot may hold the preview frozen.
  static let stillShotPatience = 10.0

  /// A copy of `entry` the caller owns: compressed bytes as they are, raw pixels copied.
  static func ownedCopy(of entry: RingEntry) -> sending RingEntry {
    let content: RingEntry.Content
    switch entry.content {
    case .compressed(let bytes): content = .compressed(bytes)
    case .raw(let frame): content = .raw(copy(frame))
    }
    // Unchecked: the content is a new frame or a value array, owned by the calling (main)
    // thread alone; `copyPixels` only read the original, so the new entry shares nothing
    // with it.
    nonisolated(unsafe) let owned = RingEntry(
      content: content, size: entry.size, metadata: entry.metadata,
      presentedAt: entry.presentedAt)
    return owned
  }

  /// An entry of the caller's own for `frame`, arrived at `time`: the camera's JPEG bytes for
  /// MJPEG frames (decoded at full size by the writer), else a copy of the pixels.
  static func ownedEntry(of frame: NV12Frame, at time: MonotonicTime) -> sending RingEntry {
    let content: RingEntry.Content =
      frame.compressedSource.isEmpty
      ? .raw(copy(frame)) : .compressed(Array(frame.compressedSource))
    // Unchecked, as in `ownedCopy(of:)`.
    nonisolated(unsafe) let owned = RingEntry(
      content: content, size: frame.size, metadata: frame.metadata, presentedAt: time)
    return owned
  }

  /// A new frame with `frame`'s pixels and metadata.
  private static func copy(_ frame: NV12Frame) -> NV12Frame {
    let copy = NV12Frame(size: frame.size)
    copy.copyPixels(from: frame)
    copy.metadata = frame.metadata
    return copy
  }
}
