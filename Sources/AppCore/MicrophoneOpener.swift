// SPDX-License-Identifier: MIT
import CameraModel

/// Opens a sound input; throws (best an `AudioInputFailure`) when there is none. The window's
/// recordings and `--record` open their microphone through one of these.
public typealias MicrophoneOpener = @Sendable () throws -> any AudioInput

/// Why no microphone could be opened, as a sentence.
public struct AudioInputFailure: Error, CustomStringConvertible {
  /// The sentence ("No microphone could be opened (…).").
  public var description: String

  /// Makes a failure with `description`.
  public init(_ description: String) { self.description = description }

  /// The notice for `error`: its sentence, then what happens instead.
  public static func notice(for error: any Error) -> String {
    var sentence = "\(error)"
    if sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence + "; recording video without sound."
  }
}
