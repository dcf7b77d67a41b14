// SPDX-License-Identifier: MIT
import CameraModel
import Foundation

/// What Pinhole records about a photo in its EXIF block.
public struct PhotoMetadata: Sendable, Equatable {
  /// How a viewer must turn the stored pixels to show them upright: the EXIF Orientation values.
  public enum Orientation: UInt16, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Upside down and mirrored.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Turn 90° clockwise to view.
    case right = 6
    /// Mirrored along the other diagonal.
    case rightMirrored = 7
    /// Turn 90° counter-clockwise to view.
    case left = 8
  }

  /// When the shutter was pressed.
  public var captureDate: Date
  /// The photographer's offset from UTC at that moment, in seconds (3600 for UTC+1).
  public var utcOffsetSeconds: Int
  /// The camera maker, as the driver or USB descriptor names it.
  public var make: String
  /// The camera model.
  public var model: String
  /// Pinhole's version, written as "Pinhole <version>" in the Software tag.
  public var softwareVersion: String
  /// The encoded image size.
  public var size: FrameSize
  /// How to turn the image upright.
  public var orientation: Orientation
  /// How the picture was made, for the ImageDescription tag ("Pinhole: 4 frames merged,
  /// Balanced"); nil writes no tag.
  public var imageDescription: String?

  /// Makes metadata; `utcOffsetSeconds` defaults to the current zone's offset at `captureDate`.
  public init(
    captureDate: Date, utcOffsetSeconds: Int? = nil, make: String, model: String,
    softwareVersion: String, size: FrameSize, orientation: Orientation = .up,
    imageDescription: String? = nil
  ) {
    self.captureDate = captureDate
    self.utcOffsetSeconds =
      utcOffsetSeconds ?? TimeZone.current.secondsFromGMT(for: captureDate)
    self.make = make
    self.model = model
    self.softwareVersion = softwareVersion
    self.size = size
    self.orientation = orientation
    self.imageDescription = imageDescription
  }

  /// "2026:11:30 14:03:07": the EXIF date format, wall-clock time at the offset.
  var exifDateTime: String {
    let seconds = captureDate.timeIntervalSince1970.rounded(.down)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: utcOffsetSeconds) ?? .gmt
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
    return
      "\(pad(parts.year, 4)):\(pad(parts.month, 2)):\(pad(parts.day, 2)) "
      + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
  }

  /// "123": milliseconds past the second, for SubSecTimeOriginal.
  var exifSubseconds: String {
    let microseconds = Int64((captureDate.timeIntervalSince1970 * 1_000_000).rounded())
    let remainder = microseconds % 1_000_000
    return pad(Int((remainder < 0 ? remainder + 1_000_000 : remainder) / 1000), 3)
  }

  /// "+01:00" or "-05:30", for OffsetTimeOriginal (EXIF 2.31 §4.6.5).
  var exifOffset: String {
    let sign = utcOffsetSeconds < 0 ? "-" : "+"
    let minutes = abs(utcOffsetSeconds) / 60
    return "\(sign)\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
  }

  /// "Pinhole 1.2.0".
  var software: String { "Pinhole \(softwareVersion)" }

  private func pad(_ value: Int?, _ width: Int) -> String {
    let digits = String(value ?? 0)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
