// SPDX-License-Identifier: MIT
import CV4L2
import CameraModel

#if canImport(Glibc)
  import Glibc
#endif

/// Lists controls with VIDIOC_QUERY_EXT_CTRL (or the older VIDIOC_QUERYCTRL), their menus with
/// VIDIOC_QUERYMENU and their values with VIDIOC_G_EXT_CTRLS.
extension V4L2Device {
  /// Every enabled control except class headings, with menus and current values.
  func describeControls() throws(CaptureError) -> [V4L2ControlDescription] {
    var found = try queryExtendedControls()
    // QUERY_EXT_CTRL arrived in Linux 3.19; a driver or libv4l2 that lacks it ends the list at
    // once (EINVAL or ENOTTY), so an empty answer is asked again the old way.
    if found.isEmpty { found = try queryLegacyControls() }
    for index in found.indices where found[index].control.kind.hasMenu {
      found[index].control.menu = try menu(of: found[index])
    }
    try readValues(into: &found)
    return found
  }

  /// Walks the list with V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND.
  private func queryExtendedControls() throws(CaptureError) -> [V4L2ControlDescription] {
    try walkControls(
      .queryExtendedControl,
      next: UInt32(V4L2_CTRL_FLAG_NEXT_CTRL) | UInt32(V4L2_CTRL_FLAG_NEXT_COMPOUND),
      make: { id in
        var query = v4l2_query_ext_ctrl()
        query.id = id
        return query
      }, id: \.id, describe: V4L2Device.describe)
  }

  /// The same walk with VIDIOC_QUERYCTRL, whose ranges are 32-bit.
  private func queryLegacyControls() throws(CaptureError) -> [V4L2ControlDescription] {
    try walkControls(
      .queryControl, next: UInt32(V4L2_CTRL_FLAG_NEXT_CTRL),
      make: { id in
        var query = v4l2_queryctrl()
        query.id = id
        return query
      }, id: \.id, describe: { V4L2Device.describe(V4L2Device.extended($0)) })
  }

  /// Asks `request` for the controls in id order: the first query, made by `make`, carries
  /// just `next` (the flags that ask for the control after an id), each later one the last
  /// id found with `next`, until the driver answers that there are no more. `describe` turns
  /// each answer into a description (nil to skip it).
  private func walkControls<Query>(
    _ request: V4L2Request, next: UInt32, make: (UInt32) -> Query, id: (Query) -> UInt32,
    describe: (Query) -> V4L2ControlDescription?
  ) throws(CaptureError) -> [V4L2ControlDescription] {
    var found: [V4L2ControlDescription] = []
    var query = make(next)
    var lastID: UInt32 = 0
    // A driver must answer with a larger id each time; stop rather than loop on a bad one.
    while try controlIoctl(request, &query) == .done, id(query) > lastID {
      lastID = id(query)
      if let description = describe(query) { found.append(description) }
      query = make(lastID | next)
    }
    return found
  }

  /// `query`, a VIDIOC_QUERYCTRL answer, as the VIDIOC_QUERY_EXT_CTRL answer it stands for.
  private static func extended(_ query: v4l2_queryctrl) -> v4l2_query_ext_ctrl {
    var extended = v4l2_query_ext_ctrl()
    extended.id = query.id
    extended.type = query.type
    withUnsafeMutableBytes(of: &extended.name) { target in
      withUnsafeBytes(of: query.name) { target.copyMemory(from: $0) }
    }
    extended.minimum = Int64(query.minimum)
    extended.maximum = Int64(query.maximum)
    extended.step = UInt64(max(0, query.step))
    extended.default_value = Int64(query.default_value)
    extended.flags = query.flags
    return extended
  }

  /// The control `query` describes; `nil` for class headings and disabled controls.
  static func describe(_ query: v4l2_query_ext_ctrl) -> V4L2ControlDescription? {
    let flags = CameraControl.Flags(rawValue: query.flags)
    guard query.type != V4L2_CTRL_TYPE_CTRL_CLASS.rawValue, !flags.contains(.disabled) else {
      return nil
    }
    let typeKind = kind(ofType: query.type)
    let isScalar = query.nr_of_dims == 0 && typeKind != .other
    let control = CameraControl(
      id: ControlID(rawValue: query.id), name: string(fromCField: query.name),
      kind: isScalar ? typeKind : .other,
      minimum: query.minimum, maximum: query.maximum, step: Int64(clamping: query.step),
      defaultValue: query.default_value, value: query.default_value, flags: flags)
    return V4L2ControlDescription(control: control, type: query.type, isScalar: isScalar)
  }

  /// The model's kind for a `V4L2_CTRL_TYPE_*`; strings and compound types are `.other`.
  static func kind(ofType type: UInt32) -> CameraControl.Kind {
    switch type {
    case V4L2_CTRL_TYPE_INTEGER.rawValue: .integer
    case V4L2_CTRL_TYPE_BOOLEAN.rawValue: .boolean
    case V4L2_CTRL_TYPE_MENU.rawValue: .menu
    case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: .integerMenu
    case V4L2_CTRL_TYPE_BUTTON.rawValue: .button
    case V4L2_CTRL_TYPE_INTEGER64.rawValue: .integer64
    case V4L2_CTRL_TYPE_BITMASK.rawValue: .bitmask
    default: .other
    }
  }

  /// The entries of a menu control by value: names, or for integer menus the numbers as text.
  /// Menus may have holes (QUERYMENU answers EINVAL for an index the driver skips), and a
  /// menu seen before with the same range keeps its entries rather than being asked again.
  private func menu(of description: V4L2ControlDescription) throws(CaptureError)
    -> [Int64: String]
  {
    let control = description.control
    if let known = controlState.description(of: control.id)?.control, known.menu.count > 0,
      known.minimum == control.minimum, known.maximum == control.maximum
    {
      return known.menu
    }
    // Menus are short; a range wider than this is a driver bug, not a menu to walk.
    return try Self.menu(of: control, widest: 256) { (item) throws(CaptureError) in
      try controlIoctl(.queryMenu, &item)
    }
  }

  /// Walks QUERYMENU over `control`'s range through `query`: the entries by value, names or
  /// for integer menus the numbers as text, skipping the indices the driver answers EINVAL for.
  /// A range of `widest` entries or more, or one below 0, is a driver bug and gives no menu.
  static func menu(
    of control: CameraControl, widest: Int64,
    _ query: (inout v4l2_querymenu) throws(CaptureError) -> IoctlOutcome
  ) throws(CaptureError) -> [Int64: String] {
    guard control.minimum >= 0, control.maximum - control.minimum < widest else { return [:] }
    var entries: [Int64: String] = [:]
    for index in control.minimum...control.maximum {
      var item = v4l2_querymenu()
      item.id = control.id.rawValue
      item.index = UInt32(index)
      guard try query(&item) == .done else { continue }
      entries[index] =
        control.kind == .integerMenu
        ? String(item.value) : V4L2Device.string(fromCField: item.name)
    }
    return entries
  }
}

extension CameraControl.Kind {
  /// True for kinds whose values name menu entries.
  var hasMenu: Bool { self == .menu || self == .integerMenu }
}
