// SPDX-License-Identifier: MIT
import AppCore
import Foundation

/// `options` after asking the camera portal, when Pinhole should (`--portal`, or inside a
/// Flatpak sandbox): cameras then come only from the portal's PipeWire remote. After a denial
/// or a failed request a command without a window stops with the reason; the window opens on
/// the simulated camera with the reason over it. With no portal to ask, both go on with the
/// simulated camera and say why. No V4L2 node is looked for or opened in any of these cases.
func applyingPortal(to options: Options) -> Options {
  guard reachesCameras(options.command),
    CameraPortal.isWanted(
      byOption: options.usesPortal, fileExists: { FileManager.default.fileExists(atPath: $0) })
  else { return options }
  var options = options
  if case .device(let name) = options.camera, !name.hasPrefix("pipewire:") {
    fail(
      "Through the camera portal only PipeWire cameras can be opened: name one as "
        + "pipewire:NODE_NAME (see --list), not \(name).", status: 2)
  }
  let access = CameraPortal.requestAccess()
  CameraPortal.route(access)
  options.backend = .pipewire
  guard let message = access.message, let notice = access.commandNotice else { return options }
  if options.command != .preview, access.endsCommands { fail(message) }
  FileHandle.standardError.write(Data("pinhole: \(notice)\n".utf8))
  options.camera = .simulated
  options.cameraNotice = access.windowNotice
  return options
}

/// Whether `command` looks for or opens a camera (`--scan` of files, `--help` and
/// `--version` do not).
private func reachesCameras(_ command: Options.Command) -> Bool {
  switch command {
  case .help, .version: false
  case .scan(let files): files.isEmpty
  case .preview, .list, .check, .snapshot, .record, .controls: true
  }
}
