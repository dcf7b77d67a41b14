// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel

/// One control a PipeWire node offers, as its SPA_PARAM_PropInfo object describes it: the
/// control in Pinhole's model and what it takes to write it back (the property key and the SPA
/// type of its value).
public struct PipeWireControl: Hashable, Sendable {
  /// The property key the node sets it by (SPA_PROP_brightness, SPA_PROP_START_CUSTOM + id).
  public var key: UInt32
  /// The SPA type of its value (SPA_TYPE_Int, _Long, _Bool, _Float, _Double).
  public var valueType: UInt32
  /// The control as the rest of Pinhole sees it. Real-valued controls are shown in thousandths
  /// (`PipeWireControls.realScale`), as sliders need whole steps.
  public var control: CameraControl

  /// Makes a control description.
  public init(key: UInt32, valueType: UInt32, control: CameraControl) {
    self.key = key
    self.valueType = valueType
    self.control = control
  }

  /// True for a Float or Double control, whose values are counted in thousandths.
  public var isRealValued: Bool {
    valueType == UInt32(SPA_TYPE_Float) || valueType == UInt32(SPA_TYPE_Double)
  }
}

/// Reading a node's controls (PropInfo objects) and values (a Props object), and writing values
/// as a Props object. Pure: no connection to a daemon.
///
/// PipeWire's V4L2 plugin publishes each V4L2 control (integers, booleans and menus; not
/// buttons, 64-bit integers, bitmasks or integer menus) under SPA_PROP_START_CUSTOM + its V4L2
/// id, except eight it names (brightness, contrast, saturation, hue, gamma, exposure, gain,
/// sharpness). For a V4L2 node Pinhole turns both back into the V4L2 ids, so focus, exposure
/// and the reset work as with the device itself. Other nodes (libcamera's) keep the property
/// key as their id: their numbers mean nothing in V4L2 terms.
public enum PipeWireControls {
  /// Real values are shown and set in thousandths.
  public static let realScale = 1000.0
  /// The most labels read from one menu.
  static let labelCapacity = 256
  /// The most values read from one Props object.
  static let valueCapacity = 512

  /// SPA's named video properties and the V4L2 controls PipeWire's V4L2 plugin names so.
  static let namedV4L2: [(key: UInt32, id: ControlID)] = [
    (SPA_PROP_brightness.rawValue, .brightness), (SPA_PROP_contrast.rawValue, .contrast),
    (SPA_PROP_saturation.rawValue, .saturation),
    (SPA_PROP_hue.rawValue, ControlID(rawValue: 0x0098_0903)),
    (SPA_PROP_gamma.rawValue, ControlID(rawValue: 0x0098_0910)),
    (SPA_PROP_gain.rawValue, .gain),
    (SPA_PROP_sharpness.rawValue, ControlID(rawValue: 0x0098_091b)),
  ]

  /// The Pinhole id of property `key` named `name`, on a V4L2 node or another.
  ///
  /// SPA_PROP_exposure stands for V4L2_CID_EXPOSURE in PipeWire 0.3 and for
  /// V4L2_CID_EXPOSURE_ABSOLUTE in later releases; the control's name tells them apart
  /// ("Exposure Time, Absolute" is the latter).
  public static func controlID(forKey key: UInt32, name: String, isV4L2: Bool) -> ControlID {
    guard isV4L2 else { return ControlID(rawValue: key) }
    if key >= SPA_PROP_START_CUSTOM.rawValue {
      return ControlID(rawValue: key - SPA_PROP_START_CUSTOM.rawValue)
    }
    if key == SPA_PROP_exposure.rawValue {
      return name.lowercased().contains("absolute")
        ? .exposureAbsolute : ControlID(rawValue: 0x0098_0911)
    }
    return namedV4L2.first { $0.key == key }?.id ?? ControlID(rawValue: key)
  }

  /// True for a property key that names a control: SPA's video properties and the custom
  /// ones. The device properties a node also describes (its path, name, descriptor) are not.
  static func isControlKey(_ key: UInt32) -> Bool {
    (SPA_PROP_START_Video.rawValue + 1..<SPA_PROP_START_Other.rawValue).contains(key)
      || key >= SPA_PROP_START_CUSTOM.rawValue
  }

  /// A PropInfo object as a control; nil for anything that is no control or whose type and
  /// range are unusable (a minimum above the maximum, a value type Pinhole cannot write).
  static func control(fromPropInfo pod: UnsafePointer<spa_pod>, isV4L2: Bool)
    -> PipeWireControl?
  {
    var info = pinhole_pw_prop_info()
    guard pinhole_pw_parse_prop_info(pod, &info) == 0, isControlKey(info.id) else { return nil }
    let name = withUnsafeBytes(of: info.name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    let count = min(Int(info.count), Int(PINHOLE_PW_PROP_VALUES))
    let integers = withUnsafeBytes(of: info.integers) { Array($0.bindMemory(to: Int64.self)) }
    let reals = withUnsafeBytes(of: info.reals) { Array($0.bindMemory(to: Double.self)) }
    let labels = menuLabels(of: pod, count: Int(info.label_count))
    let isReal = info.type == UInt32(SPA_TYPE_Float) || info.type == UInt32(SPA_TYPE_Double)
    let values = isReal ? reals.prefix(count).map(scaled) : Array(integers.prefix(count))
    guard
      var control = describe(
        type: info.type, choice: info.choice, values: values, labels: labels)
    else { return nil }
    control.id = controlID(forKey: info.id, name: name, isV4L2: isV4L2)
    control.name = name.isEmpty ? "Control \(control.id)" : name
    return PipeWireControl(key: info.id, valueType: info.type, control: control)
  }

  /// The largest magnitude of a value, minimum, maximum or step: what stays clear of overflow in
  /// `CameraControl.clamped` (a range and a step each below 2^62).
  static let largest: Int64 = 1 << 61

  /// `value` limited to ±`largest`.
  static func bounded(_ value: Int64) -> Int64 { min(max(value, -largest), largest) }

  /// A real value in thousandths, within what Int64 holds.
  static func scaled(_ value: Double) -> Int64 {
    guard value.isFinite else { return 0 }
    let scaled = (value * realScale).rounded()
    return Int64(min(max(scaled, -Double(largest)), Double(largest)))
  }

  /// The kind, range and default that values of SPA `type` given as `choice` describe; nil
  /// when they describe nothing Pinhole can show and set.
  static func describe(type: UInt32, choice: UInt32, values: [Int64], labels: [Int64: String])
    -> CameraControl?
  {
    func make(_ kind: CameraControl.Kind, _ low: Int64, _ high: Int64, _ step: Int64)
      -> CameraControl?
    {
      guard let first = values.first, low <= high else { return nil }
      var control = CameraControl(
        id: ControlID(rawValue: 0), name: "", kind: kind, minimum: bounded(low),
        maximum: bounded(high), step: max(1, bounded(step)), defaultValue: 0, value: 0)
      control.defaultValue = control.clamped(bounded(first))
      control.value = control.defaultValue
      return control
    }
    switch (type, choice) {
    case (UInt32(SPA_TYPE_Bool), _):
      return make(.boolean, 0, 1, 1)
    case (_, SPA_CHOICE_Range.rawValue) where values.count >= 3:
      return make(type == UInt32(SPA_TYPE_Long) ? .integer64 : .integer, values[1], values[2], 1)
    case (_, SPA_CHOICE_Step.rawValue) where values.count >= 4:
      return make(
        type == UInt32(SPA_TYPE_Long) ? .integer64 : .integer, values[1], values[2], values[3])
    case (UInt32(SPA_TYPE_Int), SPA_CHOICE_Enum.rawValue) where !labels.isEmpty:
      guard let low = labels.keys.min(), let high = labels.keys.max(),
        var control = make(.menu, low, high, 1)
      else { return nil }
      control.menu = labels
      return control
    case (UInt32(SPA_TYPE_Int), SPA_CHOICE_Enum.rawValue) where values.count > 1:
      let choices = Array(values.dropFirst())
      guard let low = choices.min(), let high = choices.max(),
        var control = make(.integerMenu, low, high, 1)
      else { return nil }
      control.menu = Dictionary(choices.map { ($0, "\($0)") }) { first, _ in first }
      return control
    default:
      // A lone value without a range or labels (a menu whose labels did not fit): shown, not
      // set.
      guard var control = make(.other, values.first ?? 0, values.first ?? 0, 1) else {
        return nil
      }
      control.flags = .readOnly
      return control
    }
  }

  /// The labels of a menu control by value.
  static func menuLabels(of pod: UnsafePointer<spa_pod>, count: Int) -> [Int64: String] {
    guard count > 0 else { return [:] }
    let capacity = min(count, labelCapacity)
    var labels = [pinhole_pw_label](repeating: pinhole_pw_label(), count: capacity)
    let read = labels.withUnsafeMutableBufferPointer { buffer in
      Int(pinhole_pw_prop_info_labels(pod, buffer.baseAddress, UInt32(buffer.count)))
    }
    var result: [Int64: String] = [:]
    for label in labels.prefix(min(read, capacity)) {
      let name = withUnsafeBytes(of: label.name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if result[label.value] == nil { result[label.value] = name }
    }
    return result
  }

  /// The values of a Props object by property key, in the controls' units (real values in
  /// thousandths); empty for anything but a Props object.
  static func values(fromProps pod: UnsafePointer<spa_pod>) -> [UInt32: Int64] {
    var values = [pinhole_pw_prop_value](
      repeating: pinhole_pw_prop_value(), count: valueCapacity)
    let count = values.withUnsafeMutableBufferPointer { buffer in
      Int(pinhole_pw_parse_props(pod, buffer.baseAddress, UInt32(buffer.count)))
    }
    var result: [UInt32: Int64] = [:]
    for value in values.prefix(max(0, min(count, valueCapacity))) where isControlKey(value.key) {
      let isReal = value.type == UInt32(SPA_TYPE_Float) || value.type == UInt32(SPA_TYPE_Double)
      result[value.key] = isReal ? scaled(value.real) : value.integer
    }
    return result
  }

  /// Builds the Props object setting each control to its value (clamped into its range and
  /// step first) and lends it to `body`; nil when it does not fit.
  static func withPropsPod<Result>(
    _ changes: [(PipeWireControl, Int64)], _ body: (UnsafePointer<spa_pod>) -> Result
  ) -> Result? {
    let values = changes.map { control, value in
      let clamped = control.control.clamped(value)
      return pinhole_pw_prop_value(
        key: control.key, type: control.valueType, integer: clamped,
        real: Double(clamped) / realScale)
    }
    var buffer = [UInt8](repeating: 0, count: 64 + 32 * values.count)
    return buffer.withUnsafeMutableBufferPointer { bytes -> Result? in
      guard
        let pod = values.withUnsafeBufferPointer({ list in
          pinhole_pw_build_props(
            bytes.baseAddress, UInt32(bytes.count), list.baseAddress, UInt32(list.count))
        })
      else { return nil }
      return body(pod)
    }
  }
}

/// SPA control objects as bytes, for tests and fuzzing, read the way objects from the daemon
/// are.
extension PipeWireControls {
  /// Reads `bytes` as a PropInfo object of a V4L2 node or another node. The pod's own size is
  /// first cut to the bytes there are, as the protocol checks before a param reaches Pinhole.
  public static func control(propInfoBytes bytes: [UInt8], isV4L2: Bool) -> PipeWireControl? {
    withPod(bytes) { control(fromPropInfo: $0, isV4L2: isV4L2) } ?? nil
  }

  /// Reads `bytes` as a Props object: the control values by property key.
  public static func values(propsBytes bytes: [UInt8]) -> [UInt32: Int64] {
    withPod(bytes) { values(fromProps: $0) } ?? [:]
  }

  /// The Props object setting these values, as bytes; nil when it cannot be built.
  public static func propsPodBytes(_ changes: [(PipeWireControl, Int64)]) -> [UInt8]? {
    withPropsPod(changes) { pod in
      let length = MemoryLayout<spa_pod>.size + Int(pod.pointee.size)
      return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(pod), count: length))
    }
  }

  /// `bytes` copied into aligned memory as a pod whose size is cut to what there is; nil for
  /// fewer bytes than a pod header.
  static func withPod<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<spa_pod>) -> Result)
    -> Result?
  {
    let header = MemoryLayout<spa_pod>.size
    guard bytes.count >= header else { return nil }
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 8)
    defer { raw.deallocate() }
    raw.copyMemory(from: bytes, byteCount: bytes.count)
    let pod = raw.bindMemory(to: spa_pod.self, capacity: 1)
    pod.pointee.size = min(pod.pointee.size, UInt32(bytes.count - header))
    return body(pod)
  }
}

/// PropInfo objects as PipeWire's camera plugins publish them, built by the glue, for tests and
/// fuzz seeds.
extension PipeWireControls {
  /// The PropInfo object for property `key` named `name`: `choice` over `values` of SPA `type`
  /// (whole numbers in `integers`, Float and Double in `reals`) and, for a menu, `labels`;
  /// nil when it cannot be built.
  public static func propInfoPodBytes(
    key: UInt32, name: String, type: UInt32, choice: UInt32, integers: [Int64] = [],
    reals: [Double] = [], labels: [(value: Int64, name: String)] = []
  ) -> [UInt8]? {
    let count = max(integers.count, reals.count)
    let wholes = integers + [Int64](repeating: 0, count: count - integers.count)
    let fractions = reals + [Double](repeating: 0, count: count - reals.count)
    let names = Array(labels.map(\.name).joined(separator: "\0").utf8CString)
    let labelValues = labels.map(\.value)
    var buffer = [UInt8](repeating: 0, count: 4096 + 128 * labels.count)
    return buffer.withUnsafeMutableBufferPointer { bytes -> [UInt8]? in
      guard
        let pod = pinhole_pw_build_prop_info(
          bytes.baseAddress, UInt32(bytes.count), key, name, type, choice, wholes, fractions,
          UInt32(count), labelValues, names, UInt32(labels.count))
      else { return nil }
      let length = MemoryLayout<spa_pod>.size + Int(pod.pointee.size)
      return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(pod), count: length))
    }
  }
}
