// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import FrameMerge
import Glibc
import Imaging
import MediaStore

/// The merge half of a merged photo, handed from the writer thread to the merge thread once its
/// proxy is on disk at `url`. Not `Sendable`: it carries the shot's frames, and moves `sending`.
struct MergeStage {
  /// Where the frames come from.
  enum Frames {
    /// Frames taken from the ring, oldest first; the last is the reference.
    case taken([RingEntry])
    /// Frames still arriving from the camera's largest mode.
    case still(StillFrames)
  }

  var id: UInt64
  var url: URL
  var frames: Frames
  var quality: PhotoQuality
  /// The shot's metadata (its source is no longer read).
  var job: PhotoJob
}

/// The work behind `PhotoWriter`, with the encoder and decoder it owns. One instance on the
/// writer thread (single photos and proxies), one on the merge thread (merges); each only on
/// its own thread.
final class PhotoWorker {
  /// A photo the vault kept: its shot id and when its shutter was pressed.
  private struct KeptShot {
    var id: UInt64
    var clickTime: MonotonicTime
  }

  private let vault: PhotoVault
  private let softwareVersion: String
  /// nil: no thumbnails (command-line photos, which show none).
  private let thumbnailHeight: Int?
  private let post: (PhotoEvent) -> Void
  private let encoder = JPEGEncoder()
  private let decoder = JPEGDecoder()
  private let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
  /// A zoomed shot's camera JPEG, decoded.
  private let decodedFrame = NV12Frame(size: FrameSize(width: 0, height: 0))
  /// A zoomed shot's region, cut out of the full frame.
  private let croppedFrame = NV12Frame(size: FrameSize(width: 0, height: 0))
  private let exif = EXIFBuilder()
  /// Vault ids of kept photos → the shots they belong to.
  private var kept: [UInt64: KeptShot] = [:]

  init(
    vault: PhotoVault, softwareVersion: String, thumbnailHeight: Int?,
    post: @escaping (PhotoEvent) -> Void
  ) {
    self.vault = vault
    self.softwareVersion = softwareVersion
    self.thumbnailHeight = thumbnailHeight
    self.post = post
  }

  /// Thumbnail (unless none is wanted), JPEG, EXIF, file, each step reported. A merged photo
  /// stops once its proxy is on disk: the merge half comes back, for the merge thread.
  func process(_ job: sending PhotoJob, id: UInt64) -> MergeStage? {
    if case .burst(let entries, let quality) = job.source {
      // Unchecked: the entries' frames are the job's own copies, which only the writer's
      // thread (this one) uses
      // from here on; the compiler cannot follow them out of the enum's payload.
      nonisolated(unsafe) let frames = entries
      return startBurst(frames, quality: quality, job: job, id: id)
    }
    if case .still(let proxy, let still, let quality) = job.source {
      // Unchecked: the proxy is the job's own copy, which only the writer's thread (this one)
      // uses from here on.
      nonisolated(unsafe) let reference = proxy
      return startStill(proxy: reference, frames: still, quality: quality, job: job, id: id)
    }
    // Unchecked: the job came in `sending` and the writer's thread owns it; reading its source
    // above kept no reference.
    nonisolated(unsafe) let single = job
    processSingle(single, id: id)
    return nil
  }

  /// One frame: thumbnail, JPEG, EXIF, file.
  private func processSingle(_ job: sending PhotoJob, id: UInt64) {
    let (captureDate, clickTime) = (job.captureDate, job.clickTime)
    let (make, model, orientation, folder) = (job.make, job.model, job.orientation, job.folder)
    let description = job.imageDescription
    let encoded: (jpeg: Data, size: FrameSize)
    do {
      encoded = try encodeWithThumbnail(job, id: id)
    } catch {
      post(.failed(id: id, message: error.userMessage))
      return
    }
    let metadata = PhotoMetadata(
      captureDate: captureDate, make: make, model: model,
      softwareVersion: softwareVersion, size: encoded.size, orientation: orientation,
      imageDescription: description)
    // A photo without EXIF is still a photo: keep the pixels if the block cannot be built.
    let file = (try? exif.embed(metadata, into: encoded.jpeg)) ?? encoded.jpeg
    createFolderIfParentExists(folder)
    switch vault.save(file, capturedAt: captureDate, in: folder) {
    case .saved(let url):
      post(.saved(id: id, url: url, clickToFile: MonotonicTime.now().duration(since: clickTime)))
    case .kept(let error):
      let vaultID = vault.pending.last { $0.captureDate == captureDate }?.id
      if let vaultID { kept[vaultID] = KeptShot(id: id, clickTime: clickTime) }
      post(.kept(id: id, error: error))
    case .busy(let error):
      let reason = error.map { " " + $0.userMessage } ?? ""
      post(.failed(id: id, message: "Too many photos are waiting to be written." + reason))
    }
  }

  /// Writes what the vault kept, if it can now, and reports each photo that made it.
  func retryKeptPhotos() {
    let before = vault.pending.map(\.id)
    guard !before.isEmpty else { return }
    let report = vault.retryPending()
    let remaining = Set(vault.pending.map(\.id))
    let written = before.filter { !remaining.contains($0) }
    for (vaultID, url) in zip(written, report.saved) {
      guard let shot = kept.removeValue(forKey: vaultID) else { continue }
      let clickToFile = MonotonicTime.now().duration(since: shot.clickTime)
      post(.saved(id: shot.id, url: url, clickToFile: clickToFile))
    }
  }

  /// Posts the thumbnail (unless none is wanted), then returns the JPEG to store and its size. A
  /// raw frame goes back to its pool here, before any file I/O, whatever happens.
  private func encodeWithThumbnail(
    _ job: sending PhotoJob, id: UInt64
  ) throws(ImagingError) -> (jpeg: Data, size: FrameSize) {
    switch job.source {
    case .raw(let shot, let release):
      // The worker's one unchecked step, on the writer's thread that owns the job: the crop, the thumbnail and the encoder read the frame
      // only during their calls and keep no reference to it (they own their own buffers), so
      // the frame goes back to its pool unshared. The compiler counts it as the worker's once
      // it was passed to them.
      nonisolated(unsafe) let frame = shot
      defer { release(frame) }
      var picture = frame
      if job.zoom.isZoomed {
        frame.copy(job.zoom.cropRectangle(in: frame.size), into: croppedFrame)
        picture = croppedFrame
      }
      return try encodeRaw(picture, id: id)
    case .burst, .still:
      preconditionFailure("merged photos go through processBurst and processStill")
    case .jpeg(let bytes) where job.zoom.isZoomed:
      // A zoomed shot of a camera's JPEG: decode, crop, encode again. turbojpeg's lossless
      // crop (tjTransform) would keep the camera's bits but can only cut on 16-pixel MCU
      // edges, so the photo would not match the zoomed preview exactly; the re-encode costs
      // one more generation at quality 92, on this thread.
      let decoded = bytes.withUnsafeBytes { buffer in
        Result { () throws(ImagingError) in try decoder.decode(buffer, into: decodedFrame) }
      }
      try decoded.get()
      decodedFrame.copy(job.zoom.cropRectangle(in: decodedFrame.size), into: croppedFrame)
      return try encodeRaw(croppedFrame, id: id)
    case .jpeg(let bytes):
      if let thumbnailHeight {
        // withUnsafeBytes rethrows untyped errors, so the outcome travels as a Result.
        let thumbnail = bytes.withUnsafeBytes { buffer in
          Result { () throws(ImagingError) in
            try Thumbnail(
              jpeg: buffer, height: thumbnailHeight, decoder: decoder, scratch: scratch)
          }
        }
        post(.thumbnailReady(id: id, thumbnail: try thumbnail.get()))
      }
      let size = try decoder.header(of: bytes).size
      return (try StandardHuffmanTables.inserting(into: bytes), size)
    }
  }

  /// A merged photo, deferred: the reference frame (the newest) is written at once as a proxy
  /// (its thumbnail shows in the strip, and a crash from here on leaves at least it on disk);
  /// the merge half is returned for the merge thread, where the finished photo replaces the
  /// proxy in one rename, with a new thumbnail for the same shot. A proxy the folder refuses
  /// is kept like any photo; a failed replacement leaves the proxy.
  private func startBurst(
    _ entries: [RingEntry], quality: PhotoQuality, job: PhotoJob, id: UInt64
  ) -> MergeStage? {
    guard let reference = entries.last.flatMap(decodedFrame) else {
      post(.failed(id: id, message: "The photo's frames could not be decoded."))
      return nil
    }
    guard let url = writeProxy(reference, quality: quality, job: job, id: id) else { return nil }
    return MergeStage(id: id, url: url, frames: .taken(entries), quality: quality, job: job)
  }

  /// A Quality shot in the camera's largest mode: the frame on screen at the shutter is the
  /// proxy, written at once; the frames taken after the mode switch arrive through `still`
  /// on the merge thread, and their merge (at the larger size) replaces the proxy. When they
  /// never come, the proxy stays and `.proxyKept` says why.
  private func startStill(
    proxy: RingEntry, frames still: StillFrames, quality: PhotoQuality, job: PhotoJob,
    id: UInt64
  ) -> MergeStage? {
    guard let reference = decodedFrame(proxy) else {
      still.fail("The photo's frames could not be decoded.")
      post(.failed(id: id, message: "The photo's frames could not be decoded."))
      return nil
    }
    guard let url = writeProxy(reference, quality: quality, job: job, id: id) else {
      still.fail("The photo could not be written.")
      return nil
    }
    return MergeStage(id: id, url: url, frames: .still(still), quality: quality, job: job)
  }

  /// The merge half of a merged photo: waits for a still shot's frames, decodes, merges and
  /// replaces the proxy. Merge thread.
  func finish(_ stage: MergeStage) {
    let entries: [RingEntry]
    switch stage.frames {
    case .taken(let taken): entries = taken
    case .still(let still):
      switch still.wait(timeout: Self.stillFramesTimeout) {
      case .frames(let arrived): entries = arrived
      case .failed(let reason):
        post(
          .proxyKept(
            id: stage.id, url: stage.url,
            message: reason + " The photo is the preview frame, not merged."))
        return
      }
    }
    let frames = entries.compactMap(decodedFrame)
    guard !frames.isEmpty else {
      post(
        .proxyKept(
          id: stage.id, url: stage.url,
          message: "The photo's frames could not be decoded: it is the preview frame, not"
            + " merged."))
      return
    }
    replaceProxy(
      at: stage.url, merging: frames, quality: stage.quality, job: stage.job, id: stage.id)
  }

  /// How long a still shot's frames may take after its proxy is written: a camera switching
  /// modes answers within a second or two; one that does not answer in this time is gone.
  static let stillFramesTimeout = Duration.seconds(20)

  /// Writes `reference` as the shot's proxy, tagged as an unfinished merge; its URL, or nil
  /// when the folder refused it (kept like any photo) or it could not be encoded.
  private func writeProxy(
    _ reference: NV12Frame, quality: PhotoQuality, job: PhotoJob, id: UInt64
  ) -> URL? {
    do {
      let proxy = try encodeRaw(zoomed(reference, job.zoom), id: id)
      createFolderIfParentExists(job.folder)
      let note = quality.photoDescription(framesMerged: 1) + " (merge unfinished)"
      switch vault.save(tagged(proxy, note, job: job), capturedAt: job.captureDate, in: job.folder)
      {
      case .saved(let saved):
        post(.proxySaved(id: id, url: saved))
        return saved
      case .kept(let error):
        post(.kept(id: id, error: error))
      case .busy(let error):
        let reason = error.map { " " + $0.userMessage } ?? ""
        post(.failed(id: id, message: "Too many photos are waiting to be written." + reason))
      }
    } catch {
      post(.failed(id: id, message: error.userMessage))
    }
    return nil
  }

  /// Merges `frames` (the last is the reference) and replaces the proxy at `url` with the
  /// result in one rename; on failure the proxy stays, a photo if a noisier one.
  private func replaceProxy(
    at url: URL, merging frames: [NV12Frame], quality: PhotoQuality, job: PhotoJob, id: UInt64
  ) {
    guard let reference = frames.last else { return }
    let merged = NV12Frame(size: reference.size)
    let report = FrameMerger().merge(frames, referenceIndex: frames.count - 1, into: merged)
    if let final = try? encodeRaw(zoomed(merged, job.zoom), id: id) {
      let description = quality.photoDescription(framesMerged: report.framesMerged)
      try? vault.replace(url, with: tagged(final, description, job: job))
    }
    post(.saved(id: id, url: url, clickToFile: MonotonicTime.now().duration(since: job.clickTime)))
  }

  /// The JPEG with its EXIF block saying `description`; the bare JPEG if the block cannot be
  /// built.
  private func tagged(
    _ encoded: (jpeg: Data, size: FrameSize), _ description: String, job: PhotoJob
  )
    -> Data
  {
    let metadata = PhotoMetadata(
      captureDate: job.captureDate, make: job.make, model: job.model,
      softwareVersion: softwareVersion, size: encoded.size, orientation: job.orientation,
      imageDescription: description)
    return (try? exif.embed(metadata, into: encoded.jpeg)) ?? encoded.jpeg
  }

  /// An entry's frame: its own for raw entries, decoded for compressed ones; nil when the
  /// camera's bytes do not decode.
  private func decodedFrame(_ entry: RingEntry) -> NV12Frame? {
    switch entry.content {
    case .raw(let frame): return frame
    case .compressed(let bytes):
      let frame = NV12Frame(size: entry.size)
      let decoded = bytes.withUnsafeBytes { buffer in
        Result { () throws(ImagingError) in try decoder.decode(buffer, into: frame) }
      }
      return (try? decoded.get()) == nil ? nil : frame
    }
  }

  /// `frame`, or the zoomed region of it cut out into the worker's crop buffer.
  private func zoomed(_ frame: NV12Frame, _ zoom: DigitalZoom) -> NV12Frame {
    guard zoom.isZoomed else { return frame }
    frame.copy(zoom.cropRectangle(in: frame.size), into: croppedFrame)
    return croppedFrame
  }

  /// Posts the thumbnail of `frame` (unless none is wanted), then encodes it as JPEG quality 92
  /// 4:2:0.
  private func encodeRaw(_ frame: NV12Frame, id: UInt64) throws(ImagingError) -> (
    jpeg: Data, size: FrameSize
  ) {
    if let thumbnailHeight {
      post(
        .thumbnailReady(id: id, thumbnail: Thumbnail(downscaling: frame, height: thumbnailHeight)))
    }
    return (try encoder.encode(frame, quality: 92, subsampling: .yuv420), frame.size)
  }

  /// Creates the photo folder itself when missing (the first photo), but never its parents: a
  /// missing parent is usually an unplugged drive, and recreating it on the root filesystem
  /// would hide the photos from the user. The vault then reports the missing folder.
  private func createFolderIfParentExists(_ folder: URL) {
    // EEXIST and ENOENT both leave the decision to the write that follows.
    _ = mkdir(folder.path, 0o755)
  }
}
