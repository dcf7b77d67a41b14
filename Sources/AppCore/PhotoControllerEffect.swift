// SPDX-License-Identifier: MIT
import CameraModel
import Foundation
import MediaStore
import Overlay
import PhotoPipeline

/// Work `PhotoController` asks the app to do: drawing resources, sounds, and the slow jobs
/// (decoding, trashing, launching programs) that must run off the render loop.
public enum PhotoControllerEffect: Sendable, Equatable {
  /// Upload `thumbnail` under `id` (replacing an image of the same name).
  case setImage(ImageID, Thumbnail)
  /// Free the image named `id`.
  case removeImage(ImageID)
  /// Play the shutter sound (only asked for when the sound is on).
  case playShutterSound
  /// Fire the LED flash now and report it with `PhotoController.ledFlashFired(at:)`.
  case fireFlash
  /// The self-timer or mute setting changed: store the settings file.
  case saveSettings
  /// Decode the photo at `url` to fit `height` pixels, then call `viewerImageReady`.
  case decodeViewerImage(URL)
  /// Move the file at `url` to the desktop trash, then call `trashFinished`.
  case moveToTrash(URL)
  /// Put a trashed photo back, then call `restoreFinished`.
  case restore(TrashedItem)
  /// Open the file at `url` in the desktop's default application, without waiting.
  case openExternally(URL)
  /// List and watch `url` afresh: another folder was chosen, or the folder that was missing
  /// at start now holds a photo.
  case watchFolder(URL)
  /// Ask the user for another folder, then call `folderChosen`.
  case chooseFolder
  /// Ask the desktop's folder chooser for the folder captures of a kind go to (the settings'
  /// "Other folder…").
  case chooseSaveFolder(MediaFolderKind)
  /// Save captures of a kind in this folder from now on, and remember it (a folder picked
  /// from the settings' list).
  case useSaveFolder(MediaFolderKind, URL)
  /// Stream the camera in the mode `request` asks for (a Quality shot's switch to the largest
  /// mode and back).
  case reconfigureCamera(ModeRequest)
  /// Deliver the camera's compressed frames of this size undecoded (nil: decode all again):
  /// the frames of a Quality shot in the largest mode, which nothing shows and the shot decodes
  /// afterwards.
  case deferDecoding(FrameSize?)
  /// One line for the log, e.g. the click-to-file time of a saved photo.
  case log(String)
}
