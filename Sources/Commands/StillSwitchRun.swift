// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture

/// The mode switch of a `--snapshot --quality quality` run: once the picture settled in the
/// preview mode, the stream switches to the camera's largest mode for the photo's frames and
/// back, as the window does, and the time the preview was gone is reported. Calling thread.
struct StillSwitchRun {
  /// True when the run may switch (Quality, no `--size`).
  let isWanted: Bool
  /// Frames the photos need.
  let frameCount: Int
  /// The camera's modes and the one streaming, from the session's events.
  private var modes: [CaptureMode] = []
  private var streaming: CaptureMode?
  /// The switch under way, from `start` until the preview is back.
  private var modeSwitch: StillModeSwitch?
  /// When the preview mode was asked for again; the return is given `returnPatience` seconds.
  private var returnAskedAt: MonotonicTime?
  /// When the first frame of the largest mode arrived.
  private var firstStillFrameAt: MonotonicTime?
  private static let returnPatience = 5.0

  init(isWanted: Bool, frameCount: Int) {
    self.isWanted = isWanted
    self.frameCount = frameCount
  }

  /// True from the switch to the largest mode until the preview mode streams again.
  var isRunning: Bool { modeSwitch != nil }
  /// True once a switch began: the photo's frames are the ones it took.
  private(set) var hasSwitched = false

  /// Keeps the camera's modes and the mode streaming.
  mutating func observe(_ event: CaptureEvent) {
    switch event {
    case .capabilities(let capabilities):
      modes = capabilities.formats.filter { !$0.isEmulated }.flatMap { format in
        format.sizes.flatMap { size in
          size.intervals.representatives.map {
            CaptureMode(format: format.format, size: size.size, interval: $0)
          }
        }
      }
    case .stateChanged(.streaming(_, let mode)): streaming = mode
    default: break
    }
  }

  /// The picture settled at `time` in the preview mode: asks for the largest mode when it is
  /// larger. True when the switch began (the settled frame is then not the photo's).
  mutating func start(at time: MonotonicTime, session: CaptureSession) -> Bool {
    guard isWanted, modeSwitch == nil, let preview = streaming,
      let still = StillModeSwitch.stillMode(for: preview, among: modes)
    else { return false }
    let modeSwitch = StillModeSwitch(
      preview: preview, still: still, frames: frameCount, frozenAt: time)
    // Nothing shows the largest mode's frames: they go out undecoded, and the merge decodes
    // them once the preview is back.
    session.deferDecoding(ofFramesSized: still.size)
    session.send(.reconfigure(modeSwitch.stillRequest))
    self.modeSwitch = modeSwitch
    hasSwitched = true
    return true
  }

  /// A frame of `size` arrived at `time` during the switch: true when it is one of the photo's
  /// frames. Asks for the preview mode again once they are all taken (or the camera changed
  /// its size by itself), and notes how long the preview was gone once it is back.
  mutating func frameArrived(
    _ size: FrameSize, at time: MonotonicTime, session: CaptureSession, notes: inout [String]
  ) -> Bool {
    guard var current = modeSwitch else { return false }
    var hasEnded = false
    defer { modeSwitch = hasEnded || current.phase == .finished ? nil : current }
    let decision = current.frameArrived(size: size, at: time)
    switch decision {
    case .skip:
      if let asked = returnAskedAt, time.seconds(since: asked) > Self.returnPatience {
        notes.append(
          "the camera did not come back to \(current.preview.size) within"
            + " \(Int(Self.returnPatience)) s after the photo's frames.")
        hasEnded = true
        session.deferDecoding(ofFramesSized: nil)
      }
      return false
    case .take:
      if firstStillFrameAt == nil { firstStillFrameAt = time }
      if current.phase == .returning { askForPreview(current, at: time, session: session) }
      return true
    case .sizeChanged(let other):
      session.deferDecoding(ofFramesSized: nil)
      notes.append(
        "the camera changed its picture size to \(other) during the Quality photo;"
          + " it has the frames taken before.")
      askForPreview(current, at: time, session: session)
      return false
    case .previewBack(let gap):
      session.deferDecoding(ofFramesSized: nil)
      let milliseconds = { (duration: Duration) in Int((duration / .milliseconds(1)).rounded()) }
      var parts = ""
      if let first = firstStillFrameAt, let asked = returnAskedAt {
        // Where the gap went: the switch, the frames, the switch back.
        parts =
          " (first frame in \(current.still.size) after"
          + " \(milliseconds(first.duration(since: current.frozenAt))) ms, frames taken in"
          + " \(milliseconds(asked.duration(since: first))) ms, back in"
          + " \(milliseconds(time.duration(since: asked))) ms)"
      }
      notes.append(
        "Quality took its frames at \(current.still.size) while previewing"
          + " \(current.preview.size); the stream came back in \(current.preview.size) after a"
          + " preview gap of \(milliseconds(gap)) ms" + parts)
      return false
    }
  }

  private mutating func askForPreview(
    _ current: StillModeSwitch, at time: MonotonicTime, session: CaptureSession
  ) {
    session.send(.reconfigure(current.previewRequest))
    returnAskedAt = time
  }
}
