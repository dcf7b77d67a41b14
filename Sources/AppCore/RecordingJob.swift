// SPDX-License-Identifier: MIT
import Foundation
import Recording

/// A blocking job of the recording side, which `RecordingController` asks for and
/// `RecordingFiles` carries out off the render loop: each talks to the sound server or the
/// disk.
public enum RecordingJob: Sendable {
  /// Open a recording at `destination`: the microphone (`microphone`; nil: no sound), then
  /// the file and its encoders for `configuration` with the microphone's format.
  case open(VideoRecorder.Configuration, RecordingDestination, microphone: MicrophoneOpener?)
  /// Finish a recording: its microphone stopped, the file flushed, synced and renamed.
  case finish(RecordingSession)
  /// Put in place the recordings a crash left in `folder`.
  case recover(folder: URL)
  /// Load the encoders' libraries, so the record button does not wait for them.
  case loadLibraries

  /// What a job came to.
  public enum Result: Sendable {
    /// The recording is open; `notice` says why it has no sound, when it has none.
    case started(RecordingSession, notice: String?)
    /// The recording could not be opened, for this reason.
    case failedToStart(String)
    /// The recording is finished.
    case finished(RecordingSummary)
    /// Recordings were recovered, each with its notice.
    case recovered([String])
  }

  /// Does the job and says what it came to (nil: nothing to say). Blocks.
  public func run() -> Result? {
    switch self {
    case .open(let configuration, let destination, let openMicrophone):
      let (microphone, notice) = RecordingSession.openMicrophone(openMicrophone)
      do throws(RecordingError) {
        let recording = try RecordingSession(
          configuration: configuration, destination: destination, microphone: microphone)
        return .started(recording, notice: notice)
      } catch {
        microphone?.stop()
        return .failedToStart(error.userMessage)
      }
    case .finish(let recording):
      return .finished(recording.finish())
    case .recover(let folder):
      let notices = RecordingRecovery().recover(in: folder).map(\.userMessage)
      return notices.isEmpty ? nil : .recovered(notices)
    case .loadLibraries:
      VideoRecorder.prepareLibraries()
      return nil
    }
  }
}
