// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Imaging
import PipeWireCapture

/// Valid inputs for every fuzz target, made in code (no corpus files): a small gradient
/// encoded as a UVC-style MJPEG frame (no Huffman tables) and as a photo, a raw frame header
/// for each layout, a settings file, inotify records and uevents.
public enum FuzzSeeds {
  /// The size of the generated frames and photos: small, so a decode takes microseconds.
  public static let frameSize = FrameSize(width: 64, height: 48)

  /// A gradient picture of `frameSize`.
  static func gradient() -> NV12Frame {
    let frame = NV12Frame(size: frameSize)
    frame.withPlanes { y, uv in
      for row in 0..<frameSize.height {
        for column in 0..<frameSize.width {
          y[row * frame.yStride + column] = UInt8((row * 4 + column * 3) & 0xFF)
        }
      }
      for row in 0..<frame.chromaHeight {
        for column in 0..<frameSize.width {
          uv[row * frame.uvStride + column] = UInt8(96 + (row + column) % 64)
        }
      }
    }
    return frame
  }

  /// The gradient as a complete JPEG file, 4:2:0.
  public static let photo: [UInt8] = {
    (try? JPEGEncoder().encode(gradient(), quality: 75)).map { [UInt8]($0) } ?? [0xFF, 0xD8]
  }()

  /// The gradient as a UVC camera sends it: 4:2:2, without its Huffman tables.
  public static let mjpegFrame: [UInt8] = {
    guard let jpeg = try? JPEGEncoder().encode(gradient(), quality: 80, subsampling: .yuv422)
    else { return [0xFF, 0xD8] }
    return withoutHuffmanTables([UInt8](jpeg))
  }()

  /// The seeds of `target`.
  public static func seeds(for target: FuzzTarget) -> [[UInt8]] {
    switch target {
    case .mjpegFrame, .huffmanInsertion: [mjpegFrame, photo]
    case .photoFile, .exifInsertion: [photo, mjpegFrame]
    case .rawFrame:
      // Selector, width, height and bytes per line (big-endian), then tightly packed pixels.
      (0..<7).map { selector in
        [UInt8(selector), 0, 16, 0, 8, 0, 0] + [UInt8](repeating: 0x80, count: 16 * 8 * 2)
      }
    case .settingsJSON:
      [
        Array(
          #"{"isMuted":true,"timerSeconds":3,"flashMode":"auto","lastCameraIdentity":"usb:1","#
            .utf8) + Array(#""controlValues":{"usb:1":{"9963776":128}}}"#.utf8)
      ]
    case .favouritesIndex:
      [
        Array(#"{"version":1,"favourites":["/home/me/Pictures/Pinhole/a.jpg","/v/b c.mp4"]}"#.utf8),
        Array(#"{"favourites":[],"version":1}"#.utf8),
      ]
    case .inotifyRecords, .folderRecords:
      [
        inotifyRecord(mask: 0x100, cookie: 0, name: "video0")
          + inotifyRecord(mask: 0x40, cookie: 7, name: "a.jpg")
          + inotifyRecord(mask: 0x80, cookie: 7, name: "b.jpg")
      ]
    case .codePayload:
      [
        Array(#"WIFI:T:WPA;S:My\;Net;P:pa\:ss;H:true;;"#.utf8),
        Array("https://user@example.org:8080/a?b=c#d".utf8), Array("plain text".utf8),
      ]
    case .netpbmImage:
      [
        Array("P5\n# grey\n4 2\n255\n".utf8) + [0, 255, 0, 255, 255, 0, 255, 0],
        Array("P6 2 1 255\n".utf8) + [255, 0, 0, 0, 0, 255],
      ]
    case .pngImage:
      [
        (try? PNGCodec.encodeRGB(
          width: 2, height: 2, rgb: [0, 0, 0, 255, 255, 255] + [9, 8, 7, 6, 5, 4]))
          ?? []
      ]
    case .procFiles:
      [
        Array(
          ("4242 (pin hole) S 1 4242 4242 0 -1 4194560 5230 0 0 0 120 30 0 0 20 0 14 0 98765 "
            + "2300000000 30000 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 17 1 0 0 0 0 0\n")
            .utf8),
        Array("obs\n".utf8), Array("caf".utf8) + [0xE9] + Array(".jpg".utf8),
      ]
    case .pipeWireFormat:
      [
        SPAPodBytes.rawOffer(
          videoFormat: 4, width: 640, height: 360, framesPerSecond: [30, 40, 30, 25, 1]),
        PipeWireFormats.formatPodBytes(
          for: CaptureMode(
            format: .mjpeg, size: FrameSize(width: 1280, height: 720),
            interval: FrameInterval(framesPerSecond: 30))) ?? [],
      ]
    case .portalFolderURI:
      [
        Array("file:///home/ada/Pictures/Pinhole".utf8), Array("file:///m%C3%BCnchen/%20x".utf8),
        Array("file://localhost/media/ada/CARD".utf8), Array("file:///a%00b".utf8),
      ]
    case .pipeWireControl: pipeWireControl
    case .reportStrings:
      [
        Array("UVC Camera (046d:0825)".utf8), Array("<b>\"&amp;\"</b>'".utf8),
        [0x43, 0x61, 0x6d, 0x00, 0x0d, 0x0a, 0x1b, 0xc2, 0x85, 0xef, 0xbf, 0xbe, 0xff, 0xfe],
      ]
    case .instanceMessage:
      [
        Array("pinhole 1 activate\n".utf8), Array("pinhole 1 activate mode=video\n".utf8),
        Array("pinhole 1 activate later=1 mode=scan\n".utf8),
      ]
    case .mediaFile: [mediaFile]
    case .partFileRecovery: partFiles
    case .uevent:
      [
        Array(
          "add@/devices/pci0000:00/usb1/1-1/1-1:1.0/video4linux/video0\0ACTION=add\0SUBSYSTEM=video4linux\0DEVNAME=video0\0MAJOR=81\0MINOR=0\0"
            .utf8)
      ]
    }
  }

  /// One `struct inotify_event`, its name NUL-padded to a multiple of 16 bytes as the kernel
  /// pads it.
  static func inotifyRecord(mask: UInt32, cookie: UInt32, name: String) -> [UInt8] {
    var nameBytes = Array(name.utf8) + [0]
    while nameBytes.count % 16 != 0 { nameBytes.append(0) }
    func little(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    return little(1) + little(mask) + little(cookie) + little(UInt32(nameBytes.count)) + nameBytes
  }

  /// `jpeg` without its DHT segments (before the first scan).
  static func withoutHuffmanTables(_ jpeg: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0xFF, 0xD8]
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      let end = min(jpeg.count, offset + 2 + length)
      if jpeg[offset + 1] != 0xC4 { output += jpeg[offset..<end] }
      offset = end
    }
    return output + jpeg[min(offset, jpeg.count)...]
  }

  /// A brightness slider, a boolean switch and a menu with labels as PipeWire's V4L2 plugin
  /// publishes them, and a Props object with a value for each.
  static var pipeWireControl: [[UInt8]] {
    let custom = UInt32(0x0100_0000)
    let infos = [
      PipeWireControls.propInfoPodBytes(
        key: 0x0002_0001, name: "Brightness", type: 4, choice: 2, integers: [128, 0, 255, 1]),
      PipeWireControls.propInfoPodBytes(
        key: custom + 0x0098_0912, name: "Gain, Automatic", type: 2, choice: 3,
        integers: [1, 1, 0]),
      PipeWireControls.propInfoPodBytes(
        key: custom + 0x00f0_f001, name: "OSD Text Mode", type: 4, choice: 3, integers: [0],
        labels: [(0, "All"), (1, "Counters Only"), (2, "None")]),
    ].compactMap { $0 }
    let entries = infos.compactMap { PipeWireControls.control(propInfoBytes: $0, isV4L2: true) }
    let props = PipeWireControls.propsPodBytes(entries.map { ($0, $0.control.maximum) })
    return infos + (props.map { [$0] } ?? [])
  }
}
