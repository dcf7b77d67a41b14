// SPDX-License-Identifier: MIT
import Localization

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
      tr("SDL %1$s is too old; Pinhole needs SDL %2$s or newer.", found, required)
    case .noDisplay(let name):
      name.map(DisplayRequirement.unreachableSentence(display:))
        ?? DisplayRequirement.noDisplaySentence
    case .initializationFailed(let reason):
      tr(
        "The display could not be opened (%1$s); check that a graphical session is running.",
        reason)
    case .windowCreationFailed(let reason):
      tr("The window could not be created (%1$s).", reason)
    case .rendererCreationFailed(let reason):
      tr("No renderer is available for the window (%1$s).", reason)
    case .textureCreationFailed(let width, let height, let reason):
      tr("A %1$dx%2$d video texture could not be created (%3$s).", width, height, reason)
    case .textureUploadFailed(let reason):
      tr("A video frame could not be uploaded (%1$s).", reason)
    case .fontEngineFailed(let reason):
      tr("The text renderer could not start (%1$s).", reason)
    case .microphoneUnavailable(let reason):
      tr("No microphone could be opened (%1$s).", reason)
    case .fontNotFound:
      tr("No font was found; install fonts-dejavu-core.")
    case .fontLoadFailed(let path, let reason):
      tr("The font %1$s could not be loaded (%2$s); install fonts-dejavu-core.", path, reason)
    }
  }
}
