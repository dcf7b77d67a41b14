// SPDX-License-Identifier: MIT

/// What can go wrong setting up the window, renderer, textures and fonts.
public enum PlatformError: Error, Hashable, Sendable {
  /// The SDL library is older than Pinhole needs.
  case sdlTooOld(found: String, required: String)
  /// No display can be reached (`DisplayRequirement`); SDL would only run off screen.
  /// `named` is the display the environment names (":55", "wayland-0"), nil when it names none.
  case noDisplay(named: String?)
  /// `SDL_Init` failed, e.g. because no display is reachable.
  case initializationFailed(reason: String)
  /// `SDL_CreateWindow` failed.
  case windowCreationFailed(reason: String)
  /// No renderer, not even the software one, could be created.
  case rendererCreationFailed(reason: String)
  /// A texture could not be created (out of video memory, or a size the GPU refuses).
  case textureCreationFailed(width: Int, height: Int, reason: String)
  /// `SDL_UpdateNVTexture` refused a frame.
  case textureUploadFailed(reason: String)
  /// SDL2_ttf could not start.
  case fontEngineFailed(reason: String)
  /// Neither fontconfig nor the fallback path gave a usable font file.
  case fontNotFound
  /// A font file exists but SDL2_ttf could not open it.
  case fontLoadFailed(path: String, reason: String)
  /// No microphone could be opened (no input device, no sound server).
  case microphoneUnavailable(reason: String)

  /// One sentence: what happened and what to do.
  public var userMessage: String {
    switch self {
    case .sdlTooOld(let found, let required):
      "SDL \(found) is too old; Pinhole needs SDL \(required) or newer."
    case .noDisplay(let name):
      name.map(DisplayRequirement.unreachableSentence(display:))
        ?? DisplayRequirement.noDisplaySentence
    case .initializationFailed(let reason):
      "The display could not be opened (\(reason)); check that a graphical session is running."
    case .windowCreationFailed(let reason):
      "The window could not be created (\(reason))."
    case .rendererCreationFailed(let reason):
      "No renderer is available for the window (\(reason))."
    case .textureCreationFailed(let width, let height, let reason):
      "A \(width)x\(height) video texture could not be created (\(reason))."
    case .textureUploadFailed(let reason):
      "A video frame could not be uploaded (\(reason))."
    case .fontEngineFailed(let reason):
      "The text renderer could not start (\(reason))."
    case .microphoneUnavailable(let reason):
      "No microphone could be opened (\(reason))."
    case .fontNotFound:
      "No font was found; install fonts-dejavu-core."
    case .fontLoadFailed(let path, let reason):
      "The font \(path) could not be loaded (\(reason)); install fonts-dejavu-core."
    }
  }
}
