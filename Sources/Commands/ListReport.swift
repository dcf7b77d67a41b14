// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Capture
import Imaging
import SimulatedCamera

/// What `pinhole --list` prints: every camera with every format, size and frame rate, and the
/// mode Pinhole would choose with the reason.
public struct ListReport: Sendable {
  /// One camera's listing.
  public struct Entry: Sendable {
    /// The camera.
    public var device: DeviceInfo
    /// Its formats, or why they could not be read.
    public var capabilities: Result<DeviceCapabilities, CaptureError>
    /// What Pinhole asks of this camera: the command line's wishes over the camera's defaults.
    public var request: ModeRequest
    /// What the command line asked for (`--size`, `--fps`, `--format`); the rest of `request`
    /// is Pinhole's default for this camera, and the reason says so.
    public var wishes: ModeRequest

    /// Makes an entry.
    public init(
      device: DeviceInfo, capabilities: Result<DeviceCapabilities, CaptureError>,
      request: ModeRequest = ModeRequest(), wishes: ModeRequest = ModeRequest()
    ) {
      self.device = device
      self.capabilities = capabilities
      self.request = request
      self.wishes = wishes
    }
  }

  /// The cameras, in the order the app offers them.
  public var entries: [Entry]

  /// Makes a report of `entries`.
  public init(entries: [Entry]) { self.entries = entries }

  /// Opens the cameras `choice` names and reads their formats: with `.automatic` every camera
  /// found and the simulated one, else only the one asked for (`-d`, `--camera sim`). `wishes`
  /// are the command line's `--size`, `--fps` and `--format`, which the choice then honours.
  public static func gather(
    cameras: [DeviceInfo], choice: Options.CameraChoice = .automatic,
    wishes: ModeRequest = ModeRequest()
  ) -> ListReport {
    let sources: [CameraSource]
    switch choice {
    case .automatic:
      sources = cameras.map { CameraSource(.device($0)) } + [CameraSource(.simulated(notice: nil))]
    case .device, .simulated:
      sources = [CameraSource(CameraSelection.choose(choice, among: cameras))]
    }
    return ListReport(
      entries: sources.map { source in
        Entry(
          device: source.device, capabilities: capabilities(of: source),
          request: source.request(overriding: wishes), wishes: wishes)
      })
  }

  private static func capabilities(of source: CameraSource) -> Result<
    DeviceCapabilities, CaptureError
  > {
    if source.device.kind == .simulated {
      let simulated = SimulatedCamera(options: SimulatedCamera.Options())
      defer { simulated.close() }
      return Result { () throws(CaptureError) in try simulated.capabilities() }
    }
    let info = source.device
    return Result { () throws(CaptureError) in
      let device: any CaptureDevice =
        info.kind == .pipewire
        ? try source.open() : try V4L2Device(path: info.path, identity: info.identity)
      defer { device.close() }
      return try device.capabilities()
    }
  }

  /// The mode policy's `reason`, with a default's "as requested" said as what it is: the
  /// policy only sees a request, so a size or format that came from the camera's defaults and
  /// not from the command line would otherwise read as if someone had asked for it.
  static func reword(_ reason: String, request: ModeRequest, wishes: ModeRequest) -> String {
    var notes = reason.components(separatedBy: "; ")
    var defaulted: [String] = []
    if wishes.size == nil, let size = request.size { defaulted.append("\(size)") }
    if wishes.format == nil, let format = request.format { defaulted.append("\(format)") }
    for value in defaulted {
      notes = notes.map { $0 == "\(value) as requested" ? "\(value), this camera's default" : $0 }
    }
    return notes.joined(separator: "; ")
  }

  /// The listing as text; `canConvert` says which formats Pinhole can display.
  public func text(canConvert: (PixelFormat) -> Bool = PixelConverter().canConvert) -> String {
    entries.map { entry in section(for: entry, canConvert: canConvert) }
      .joined(separator: "\n\n")
  }

  private func section(for entry: Entry, canConvert: (PixelFormat) -> Bool) -> String {
    let device = entry.device
    var lines = [header(for: device)]
    switch entry.capabilities {
    case .failure(let error):
      lines.append("  cannot be opened: \(error.userMessage)")
    case .success(let capabilities):
      switch Result(catching: { () throws(CaptureError) in
        try ModePolicy.choose(from: capabilities, request: entry.request, canConvert: canConvert)
      }) {
      case .success(let choice):
        let reason = Self.reword(choice.reason, request: entry.request, wishes: entry.wishes)
        lines.append("  Pinhole chooses: \(choice.mode) — \(reason)")
      case .failure(let error):
        lines.append("  Pinhole cannot show it: \(error.userMessage)")
      }
      for format in capabilities.formats {
        lines.append(contentsOf: formatLines(format, canConvert: canConvert))
      }
    }
    return lines.joined(separator: "\n")
  }

  private func header(for device: DeviceInfo) -> String {
    switch device.kind {
    case .simulated: "\(device.path)  \(device.name) (built in)"
    case .pipewire:
      "\(device.path)  \(device.name) — through PipeWire"
        + (device.busInfo.isEmpty ? "" : ", \(device.busInfo)")
    case .v4l2:
      "\(device.path)  \(device.name)"
        + (device.driver.isEmpty ? "" : " — driver \(device.driver), bus \(device.busInfo)")
    }
  }

  private func formatLines(_ format: FormatChoice, canConvert: (PixelFormat) -> Bool)
    -> [String]
  {
    var notes: [String] = []
    if format.isEmulated { notes.append("emulated by libv4l2, not chosen") }
    if !canConvert(format.format) { notes.append("Pinhole cannot display it") }
    let note = notes.isEmpty ? "" : " [\(notes.joined(separator: "; "))]"
    var lines = ["  \(format.format)  \(format.description)\(note)"]
    for size in format.sizes {
      let sizeText = "\(size.size)".padding(toLength: 10, withPad: " ", startingAt: 0)
      lines.append("      \(sizeText) \(rates(size.intervals))")
    }
    return lines
  }

  private func rates(_ intervals: IntervalChoices) -> String {
    switch intervals {
    case .discrete(let list):
      list.sorted().map { number($0.framesPerSecond) }.joined(separator: ", ") + " fps"
    case .stepwise(let fastest, let slowest, _):
      "\(number(slowest.framesPerSecond))–\(number(fastest.framesPerSecond)) fps"
    }
  }

  private func number(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))" : "\((value * 100).rounded() / 100)"
  }
}
