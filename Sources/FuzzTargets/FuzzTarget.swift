// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Commands
import Foundation
import Hotplug
import Imaging
import Library
import MediaStore
import PhotoPipeline
import PipeWireCapture
import Scanning
import SystemCalls

/// Every parser of bytes from outside Pinhole, as a fuzz target: run one with any bytes and it
/// must neither trap nor break an invariant (a broken invariant fails a precondition, which a
/// fuzzer reports like a crash). The same targets run in the unit tests over deterministic
/// mutations of their seeds, and under libFuzzer through `Fuzz/` (`.ci/fuzz SECONDS`).
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// An MJPEG frame from a UVC camera through the live converter (header walk, decode).
  case mjpegFrame
  /// Inserting the standard Huffman tables into a camera frame before it is saved.
  case huffmanInsertion
  /// A raw frame whose format, size and stride come from the driver.
  case rawFrame
  /// A file in the photo folder, decoded for the strip and the viewer.
  case photoFile
  /// Splicing EXIF into a camera JPEG (the JPEG segment walk, then libexif).
  case exifInsertion
  /// The settings file.
  case settingsJSON
  /// A `read` from the hotplug monitor's inotify descriptor.
  case inotifyRecords
  /// A `read` from the photo folder's inotify descriptor.
  case folderRecords
  /// A kernel uevent: "ACTION@DEVPATH" then NUL-separated KEY=VALUE lines.
  case uevent
  /// A code's decoded text: a web address, a Wi-Fi network or plain text.
  case codePayload
  /// A PGM or PPM file given to `pinhole --scan`, then scanned when it is small.
  case netpbmImage
  /// A PNG file given to `pinhole --scan`, read as grey, then scanned when it is small.
  case pngImage
  /// What the busy-camera lookup and the launch clock read under `/proc`: a `stat` line, a
  /// `comm` file, and a file name as `readdir` or `readlink` gives it.
  case procFiles
  /// A line a second launch sends to the running window over the instance socket.
  case instanceMessage
  /// A file in the videos folder, read back by the thumbnailer, the player and the probe.
  case mediaFile
  /// A recording's hidden part file left in the videos folder, then the launch's recovery.
  case partFileRecovery
  /// A format object from the PipeWire daemon: a node's offer, or the negotiated format.
  case pipeWireFormat
  /// A control object from the PipeWire daemon: a node's PropInfo, or its Props values.
  case pipeWireControl
  /// Names a driver reports (card, controls, menu entries) on the `--check --report` page.
  case reportStrings
  /// The folder a desktop portal's file chooser answers, as a URI.
  case portalFolderURI
  /// The favourites index file beside the settings.
  case favouritesIndex
}

/// Runs fuzz targets, keeping the decoders between inputs as the app does, so a decoder that
/// one input leaves broken is caught by the next. One thread only.
public final class FuzzHarness {
  private let converter = PixelConverter()
  private let decoder = JPEGDecoder()
  private let frame = NV12Frame(size: FrameSize(width: 0, height: 0))
  private let scratch = NV12Frame(size: FrameSize(width: 0, height: 0))
  private let validFrame: [UInt8]
  private let scanner = CodeScanner()
  private let media = MediaFileSandbox()
  private let parts = PartFileSandbox()
  /// How many inputs each target was given.
  public private(set) var runs: [FuzzTarget: Int] = [:]

  /// Makes a harness with fresh decoders.
  public init() {
    validFrame = FuzzSeeds.mjpegFrame
  }

  /// Runs `target` on `bytes`.
  public func run(_ target: FuzzTarget, _ bytes: [UInt8]) {
    runs[target, default: 0] += 1
    switch target {
    case .mjpegFrame: mjpegFrame(bytes)
    case .huffmanInsertion: huffmanInsertion(bytes)
    case .rawFrame: rawFrame(bytes)
    case .photoFile: photoFile(bytes)
    case .exifInsertion: exifInsertion(bytes)
    case .settingsJSON: settingsJSON(bytes)
    case .inotifyRecords: inotifyRecords(bytes)
    case .folderRecords: folderRecords(bytes)
    case .uevent: uevent(bytes)
    case .codePayload: codePayload(bytes)
    case .netpbmImage: netpbmImage(bytes)
    case .pngImage: pngImage(bytes)
    case .procFiles: procFiles(bytes)
    case .instanceMessage: instanceMessage(bytes)
    case .mediaFile: media.run(bytes)
    case .partFileRecovery: parts.run(bytes)
    case .pipeWireFormat: pipeWireFormat(bytes)
    case .pipeWireControl: pipeWireControl(bytes)
    case .reportStrings: reportStrings(bytes)
    case .portalFolderURI: portalFolderURI(bytes)
    case .favouritesIndex: favouritesIndex(bytes)
    }
  }

  /// Runs the target the first byte picks on the rest: the single entry point libFuzzer calls.
  public func runSelecting(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let targets = FuzzTarget.allCases
    run(targets[Int(first) % targets.count], Array(bytes.dropFirst()))
  }

  // MARK: Targets

  private func mjpegFrame(_ bytes: [UInt8]) {
    let size = FuzzSeeds.frameSize
    if let decoded = convert(bytes, format: .mjpeg, size: size, bytesPerLine: 0) {
      precondition(decoded == size, "a decoded frame must have the negotiated size")
    }
    // Whatever the input did to the decoder, a valid frame decodes afterwards.
    precondition(
      convert(validFrame, format: .mjpeg, size: size, bytesPerLine: 0) == size,
      "the decoder must recover after a bad frame")
  }

  private func huffmanInsertion(_ bytes: [UInt8]) {
    guard let inserted = try? StandardHuffmanTables.inserting(into: bytes) else { return }
    precondition(
      (try? StandardHuffmanTables.hasHuffmanTables(inserted)) == true,
      "inserted tables must be found again")
  }

  private func rawFrame(_ bytes: [UInt8]) {
    guard bytes.count >= 7 else { return }
    let formats: [PixelFormat] = [.nv12, .nv21, .yu12, .yv12, .yuyv, .uyvy, .grey]
    let format = formats[Int(bytes[0]) % formats.count]
    let width = Int(bytes[1]) << 8 | Int(bytes[2])
    let height = Int(bytes[3]) << 8 | Int(bytes[4])
    let bytesPerLine = Int(bytes[5]) << 8 | Int(bytes[6])
    let size = FrameSize(width: width, height: height)
    if let converted = convert(
      Array(bytes.dropFirst(7)), format: format, size: size, bytesPerLine: bytesPerLine)
    {
      precondition(converted == size, "a converted frame must have the driver's size")
    }
  }

  private func photoFile(_ bytes: [UInt8]) {
    let outcome: Result<Thumbnail, ImagingError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(ImagingError) in
        try Thumbnail(jpeg: buffer, height: 32, decoder: decoder, scratch: scratch)
      }
    }
    if case .success(let thumbnail) = outcome {
      precondition(
        thumbnail.height <= 32 && thumbnail.rgba.count == thumbnail.width * thumbnail.height * 4)
    }
    precondition(
      (try? decoder.header(of: FuzzSeeds.photo))?.size == FuzzSeeds.frameSize,
      "the decoder must recover after a bad file")
  }

  private func exifInsertion(_ bytes: [UInt8]) {
    let metadata = PhotoMetadata(
      captureDate: Date(timeIntervalSince1970: 1_796_043_787), utcOffsetSeconds: 0,
      make: "fuzz", model: "Fuzz Camera", softwareVersion: "0", size: FuzzSeeds.frameSize)
    guard let embedded = try? EXIFBuilder().embed(metadata, into: Data(bytes)) else { return }
    precondition(embedded.starts(with: [0xFF, 0xD8]), "an embedded photo still starts with SOI")
  }

  private func settingsJSON(_ bytes: [UInt8]) {
    guard let settings = AppSettings.decode(Data(bytes)) else { return }
    precondition(AppSettings.timerSecondsRange.contains(settings.timerSeconds))
  }

  private func favouritesIndex(_ bytes: [UInt8]) {
    guard let index = try? FavouritesIndex(parsing: bytes) else { return }
    // What was read is written back and reads the same.
    precondition(
      (try? FavouritesIndex(parsing: index.serialized())) == index,
      "a favourites index survives being written and read again")
    precondition(index.paths.allSatisfy { $0.hasPrefix("/") }, "favourites are absolute paths")
  }

  private func inotifyRecords(_ bytes: [UInt8]) {
    let records = InotifyRecord.parse(bytes[...])
    precondition(records.count <= bytes.count / 16)
  }

  private func folderRecords(_ bytes: [UInt8]) {
    let records = bytes.withUnsafeBytes { InotifyRecord.parse($0) }
    precondition(records.count <= bytes.count / 16)
    for record in records {
      precondition(!FileNameBytes.bytes(record.name).contains(0), "a name never holds a NUL")
    }
  }

  private func procFiles(_ bytes: [UInt8]) {
    if let stat = ProcessStat(parsing: bytes) {
      precondition(stat.cpuTicks >= stat.userTicks && stat.cpuTicks >= stat.systemTicks)
    }
    if let name = DeviceHolders.programName(fromComm: bytes) {
      precondition(!name.isEmpty && !name.contains("\n"), "a program name is one line")
    }
    // Any name without NUL or "/" survives the trip through a string and back.
    let name = bytes.filter { $0 != 0 && $0 != UInt8(ascii: "/") }
    precondition(
      FileNameBytes.bytes(FileNameBytes.string(name)) == name,
      "a file name's bytes round-trip")
  }

  private func pipeWireFormat(_ bytes: [UInt8]) {
    let (offer, mode) = PipeWireFormats.read(podBytes: bytes)
    if let offer {
      // Whatever the daemon offers, the capabilities hold only sizes Pinhole can stream.
      for format in PipeWireFormats.capabilities(from: [offer]).formats {
        for size in format.sizes {
          precondition(size.size.width > 0 && size.size.height > 0, "an empty size offered")
        }
      }
    }
    if let mode { precondition(mode.size.width > 0, "an empty negotiated size") }
  }

  private func portalFolderURI(_ bytes: [UInt8]) {
    // Whatever the portal answers, a folder taken from it is an absolute local path with no
    // NUL byte in it.
    let uri = String(decoding: bytes, as: UTF8.self)
    guard let folder = FolderChooser.folder(fromURI: uri) else { return }
    precondition(folder.path.hasPrefix("/"), "a chosen folder must be an absolute path")
    precondition(!folder.path.contains("\u{0}"), "a chosen folder must hold no NUL byte")
  }

  private func pipeWireControl(_ bytes: [UInt8]) {
    _ = PipeWireControls.values(propsBytes: bytes)
    for isV4L2 in [true, false] {
      guard let entry = PipeWireControls.control(propInfoBytes: bytes, isV4L2: isV4L2) else {
        continue
      }
      let control = entry.control
      precondition(control.minimum <= control.maximum && control.step >= 1, "a broken range")
      precondition(
        (control.minimum...control.maximum).contains(control.defaultValue),
        "a default outside the range")
      // Whatever the node described, Pinhole writes back a value inside it.
      for wish in [Int64.min, -1, 0, control.maximum, Int64.max] {
        guard let props = PipeWireControls.propsPodBytes([(entry, wish)]) else { continue }
        if let written = PipeWireControls.values(propsBytes: props)[entry.key], !entry.isRealValued
        {
          precondition(
            (control.minimum...control.maximum).contains(written),
            "a value written outside the range")
        }
      }
    }
  }

  private func reportStrings(_ bytes: [UInt8]) {
    // The driver's bytes as the V4L2 layer decodes them; whatever they hold, the page has the
    // markup of the same page for a plain name: no name opens or closes an element.
    let name = String(decoding: bytes, as: UTF8.self)
    func page(_ name: String) -> String {
      let control = CameraControl(
        id: .brightness, name: name, kind: .menu, minimum: 0, maximum: 1, step: 1,
        defaultValue: 0, value: 0, menu: [0: name])
      let result = ControlExercise.ControlResult(
        control: control, metric: .picture,
        steps: [.init(step: .init(label: name, value: 1), readBack: 1, outcome: .refused(name))],
        skipReason: nil)
      return HTMLReport(
        camera: DeviceInfo(path: name, name: name, driver: name, busInfo: name), modes: [],
        controls: ControlExercise.Report(controls: [result]), date: name
      ).html
    }
    let markup = { (page: String) in page.unicodeScalars.filter { $0 == "<" || $0 == ">" }.count }
    precondition(markup(page(name)) == markup(page("x")), "a name changed the page's markup")
    precondition(
      HTMLText.escape(name).unicodeScalars.allSatisfy { HTMLText.isAllowed($0) },
      "a character XML forbids got through")
  }

  private func instanceMessage(_ bytes: [UInt8]) {
    guard let message = InstanceMessage(parsing: bytes) else { return }
    precondition(bytes.count <= InstanceMessage.maximumLength, "a long line is refused")
    precondition(
      InstanceMessage(parsing: message.encoded) == message, "a parsed request round-trips")
  }

  private func codePayload(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    switch CodePayload(parsing: text) {
    case .url(let url):
      precondition(url == text && CodePayload.isOpenableURL(url), "a link is the text itself")
      guard let parts = CodePayload.addressParts(of: url) else {
        preconditionFailure("a link splits at its host")
      }
      precondition(!parts.host.isEmpty, "a link's host is not empty")
      precondition(url.hasSuffix(parts.host + parts.path), "the host and path end the link")
    case .wifi(let network):
      precondition(!network.ssid.isEmpty, "a network has a name")
      precondition(!network.securityName.isEmpty, "a network's security is named")
    case .text(let plain): precondition(plain == text, "plain text is the text itself")
    }
  }

  private func netpbmImage(_ bytes: [UInt8]) { scanIfSmall(LumaImage(netpbm: bytes)) }

  private func pngImage(_ bytes: [UInt8]) { scanIfSmall(ScanImageFile.pngLuma(bytes, region: nil)) }

  private func scanIfSmall(_ image: LumaImage?) {
    guard let image else { return }
    precondition(image.pixels.count == image.width * image.height, "the pixels fill the image")
    // Scanning is slow on large noise; small images still go through both libraries.
    guard image.width * image.height <= 128 * 128 else { return }
    for code in scanner.scan(image) {
      precondition(
        code.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "corners are numbers")
    }
  }

  private func uevent(_ bytes: [UInt8]) {
    var properties: [String: String] = [:]
    let lines = bytes.split(separator: 0, omittingEmptySubsequences: true)
    for (index, line) in lines.enumerated() {
      let text = String(decoding: line, as: UTF8.self)
      if index == 0, let at = text.firstIndex(of: "@") {
        properties["ACTION"] = String(text[..<at])
        properties["DEVPATH"] = String(text[text.index(after: at)...])
        continue
      }
      guard let equals = text.firstIndex(of: "=") else { continue }
      properties[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    _ = HotplugEvent(uevent: Uevent(properties: properties))
  }

  /// Converts `bytes` as a frame; the converted size, or nil when the converter refused it.
  private func convert(
    _ bytes: [UInt8], format: PixelFormat, size: FrameSize, bytesPerLine: Int
  ) -> FrameSize? {
    let outcome: Result<Void, ImagingError> = bytes.withUnsafeBytes { buffer in
      let raw = RawFrame(bytes: buffer, format: format, size: size, bytesPerLine: bytesPerLine)
      return Result { () throws(ImagingError) in try converter.convert(raw, into: frame) }
    }
    guard case .success = outcome else { return nil }
    return frame.size
  }
}
