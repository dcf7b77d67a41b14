// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Foundation
import Scanning

#if canImport(Glibc)
  import Glibc
#endif

/// `pinhole --scan [FILE…] [--once] [--json] [--roi X,Y,W,H]`.
///
/// With files: prints the codes found in each, one text a line (prefixed with the file's name
/// when there are several), or with `--json` one object a line with each code's type and
/// corners. Without files: scans the camera through a `ScanWorker`, as the window does, and
/// prints each code the first time it is seen; with `--once` it exits 0 after the first.
///
/// Exit status, as grep's: 0 when every file held a code, `noCodeStatus` (1) when a file was
/// read but held none, `unreadableStatus` (2) when a file or the camera could not be read
/// (which outranks 1).
public struct ScanRunner: Sendable {
  /// The part of each image or frame to scan; nil for the default.
  public var region: ScanRegion?
  /// One JSON object a line instead of text.
  public var wantsJSON: Bool
  /// Stop after the first code the camera shows.
  public var isOnce: Bool
  /// Which library reads files: both, ZXing first (the most codes); the camera is read as the
  /// window reads it, by ZXing alone (see `CodeScanner`).
  public var engine = CodeScanner.Engine.zxingThenZBar
  /// How long the camera may take to deliver its first frame.
  public var firstFrameTimeout = 20.0

  /// The exit status when a file was read and held no code.
  public static let noCodeStatus: Int32 = 1
  /// The exit status when a file (or the camera) could not be read: missing, unreadable, not
  /// an image Pinhole decodes.
  public static let unreadableStatus: Int32 = 2

  /// Makes a runner from the parsed command line.
  public init(options: Options) {
    region = options.scan.region
    wantsJSON = options.wantsJSON
    isOnce = options.scan.isOnce
  }

  /// Makes a runner directly.
  public init(region: ScanRegion? = nil, wantsJSON: Bool = false, isOnce: Bool = false) {
    self.region = region
    self.wantsJSON = wantsJSON
    self.isOnce = isOnce
  }

  /// Scans each file in turn, handing every output line to `emit` and every error sentence to
  /// `complain`; returns the exit status (see the type's comment).
  public func scanFiles(
    _ files: [String], emit: (String) -> Void, complain: (String) -> Void
  ) -> Int32 {
    let scanner = CodeScanner(engine: engine)
    var status: Int32 = 0
    for file in files {
      let codes: [DetectedCode]
      do {
        codes = scanner.scan(try ScanImageFile.load(file, region: region))
      } catch {
        complain(error.userMessage)
        status = Self.unreadableStatus
        continue
      }
      if codes.isEmpty {
        complain("no code found in \(file)")
        status = max(status, Self.noCodeStatus)
      }
      if wantsJSON {
        emit(Self.json(codes, file: file))
      } else {
        for code in codes { emit(files.count > 1 ? "\(file): \(code.text)" : code.text) }
      }
    }
    return status
  }

  /// Scans `source`'s frames until interrupted, or until the first code with `isOnce`;
  /// returns the exit status. Runs on the calling thread, which plays the renderer's part.
  public func scanCamera(
    _ source: CameraSource, request: ModeRequest, emit: (String) -> Void,
    complain: (String) -> Void
  ) -> Int32 {
    let session = CaptureSession(
      configuration: .init(request: request), openDevice: source.open,
      makeConverter: source.makeConverter)
    let worker = ScanWorker()
    session.start()
    defer {
      session.stop()
      worker.stop()
    }
    var seen: Set<String> = []
    let started = MonotonicTime.now()
    var hasFrame = false
    while true {
      for event in session.drainEvents() {
        if case .stateChanged(.failed(_, let error)) = event {
          complain(error.userMessage)
          return Self.unreadableStatus
        }
      }
      for result in worker.drainResults() {
        for code in result.codes where seen.insert(code.symbology.rawValue + code.text).inserted {
          emit(wantsJSON ? Self.json([code], file: nil) : code.text)
          if isOnce { return 0 }
        }
      }
      guard let frame = session.mailbox.take() else {
        if !hasFrame, MonotonicTime.now().seconds(since: started) >= firstFrameTimeout {
          complain(
            CaptureError.stalled(device: source.device.path, seconds: firstFrameTimeout)
              .userMessage)
          return Self.unreadableStatus
        }
        // The mailbox has no signal to wait on; one millisecond is well under a frame.
        usleep(1_000)
        continue
      }
      hasFrame = true
      let region = (self.region ?? .standard).rectangle(in: frame.size)
      worker.offer(at: MonotonicTime.now()) {
        LumaImage(frame, region: region).map {
          ScanWorker.Job(
            image: $0, captureTime: frame.metadata.captureTime, sequence: frame.metadata.sequence)
        }
      }
      session.recycle(frame)
    }
  }

  /// One JSON object: `{"file":…,"codes":[{"text":…,"type":…,"corners":[[x,y],…]}]}`, or, for a
  /// camera code (no file), the code's object alone.
  static func json(_ codes: [DetectedCode], file: String?) -> String {
    struct Code: Encodable {
      var text: String
      var type: String
      var corners: [[Double]]
    }
    struct File: Encodable {
      var file: String
      var codes: [Code]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let entries = codes.map {
      Code(text: $0.text, type: $0.symbology.displayName, corners: $0.corners.map { [$0.x, $0.y] })
    }
    let data: Data?
    if let file {
      data = try? encoder.encode(File(file: file, codes: entries))
    } else {
      data = entries.first.flatMap { try? encoder.encode($0) }
    }
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
