// SPDX-License-Identifier: MIT
import CPipeWire
import CPipeWireGlue
import CameraModel
import PipeWireCapture
import Testing

/// A node's controls read from PropInfo and Props objects built by the glue, as PipeWire's V4L2
/// plugin publishes them (the shapes `pw-cli enum-params NODE PropInfo` shows for vivid).
@Suite struct PipeWireControlsTests {
  static let int = UInt32(SPA_TYPE_Int)
  static let bool = UInt32(SPA_TYPE_Bool)
  static let custom = SPA_PROP_START_CUSTOM.rawValue

  static func info(
    _ key: UInt32, _ name: String, type: UInt32 = int, choice: spa_choice_type,
    _ integers: [Int64] = [], reals: [Double] = [], labels: [(value: Int64, name: String)] = []
  ) -> [UInt8] {
    PipeWireControls.propInfoPodBytes(
      key: key, name: name, type: type, choice: choice.rawValue, integers: integers, reals: reals,
      labels: labels) ?? []
  }

  @Test func aNamedIntegerIsTheV4L2ControlItStandsFor() throws {
    let bytes = Self.info(
      SPA_PROP_brightness.rawValue, "Brightness", choice: SPA_CHOICE_Step, [128, 0, 255, 1])
    let entry = try #require(PipeWireControls.control(propInfoBytes: bytes, isV4L2: true))
    #expect(entry.key == SPA_PROP_brightness.rawValue)
    #expect(entry.control.id == .brightness)
    #expect(entry.control.name == "Brightness")
    #expect(entry.control.commandLineName == "brightness")
    #expect(entry.control.kind == .integer)
    #expect(
      [entry.control.minimum, entry.control.maximum, entry.control.step] == [0, 255, 1])
    #expect(entry.control.defaultValue == 128 && entry.control.value == 128)
  }

  @Test func aCustomMenuKeepsItsV4L2IdAndLabels() throws {
    let bytes = Self.info(
      Self.custom + 0x0098_f904, "Menu", choice: SPA_CHOICE_Enum, [3],
      labels: [(1, "Menu Item 1"), (3, "Menu Item 3"), (4, "Menu Item 4")])
    let entry = try #require(PipeWireControls.control(propInfoBytes: bytes, isV4L2: true))
    #expect(entry.control.id == ControlID(rawValue: 0x0098_f904))
    #expect(entry.control.kind == .menu)
    #expect(entry.control.menu == [1: "Menu Item 1", 3: "Menu Item 3", 4: "Menu Item 4"])
    #expect(entry.control.minimum == 1 && entry.control.maximum == 4)
    #expect(entry.control.defaultValue == 3)
  }

  @Test func aBooleanChoiceIsASwitch() throws {
    let bytes = Self.info(
      Self.custom + ControlID.autoGain.rawValue, "Gain, Automatic", type: Self.bool,
      choice: SPA_CHOICE_Enum, [1, 1, 0])
    let entry = try #require(PipeWireControls.control(propInfoBytes: bytes, isV4L2: true))
    #expect(entry.control.id == .autoGain)
    #expect(entry.control.kind == .boolean)
    #expect(entry.control.defaultValue == 1)
    #expect(entry.valueType == Self.bool)
  }

  @Test func exposureIsTheAbsoluteTimeOnlyWhenItsNameSaysSo() throws {
    let key = SPA_PROP_exposure.rawValue
    let time = Self.info(key, "Exposure Time, Absolute", choice: SPA_CHOICE_Range, [250, 3, 2047])
    let plain = Self.info(key, "Exposure", choice: SPA_CHOICE_Range, [10, 0, 100])
    #expect(
      PipeWireControls.control(propInfoBytes: time, isV4L2: true)?.control.id
        == .exposureAbsolute)
    #expect(
      PipeWireControls.control(propInfoBytes: plain, isV4L2: true)?.control.id
        == ControlID(rawValue: 0x0098_0911))
  }

  @Test func anotherNodesRealControlKeepsItsKeyAndCountsInThousandths() throws {
    let bytes = Self.info(
      Self.custom + 9, "Brightness", type: UInt32(SPA_TYPE_Float), choice: SPA_CHOICE_Range,
      reals: [0, -1, 1])
    let entry = try #require(PipeWireControls.control(propInfoBytes: bytes, isV4L2: false))
    #expect(entry.control.id == ControlID(rawValue: Self.custom + 9))
    #expect(entry.control.minimum == -1000 && entry.control.maximum == 1000)
    let props = try #require(PipeWireControls.propsPodBytes([(entry, Int64(250))]))
    #expect(PipeWireControls.values(propsBytes: props) == [Self.custom + 9: 250])
  }

  @Test func theDevicePropertiesAreNoControls() {
    let path = Self.info(SPA_PROP_deviceFd.rawValue, "Device Fd", choice: SPA_CHOICE_None, [0])
    #expect(PipeWireControls.control(propInfoBytes: path, isV4L2: true) == nil)
  }

  @Test func aRangeUpsideDownOrWithoutValuesIsRefused() {
    let upsideDown = Self.info(Self.custom + 1, "Odd", choice: SPA_CHOICE_Step, [5, 9, 2, 1])
    #expect(PipeWireControls.control(propInfoBytes: upsideDown, isV4L2: true) == nil)
    let empty = Self.info(Self.custom + 2, "Empty", choice: SPA_CHOICE_Range)
    #expect(PipeWireControls.control(propInfoBytes: empty, isV4L2: true) == nil)
  }

  @Test func aMenuWhoseLabelsDidNotFitIsShownButNotSet() throws {
    // PipeWire writes None for labels that overflow its builder (vivid's Test Pattern).
    let bytes = Self.info(Self.custom + 0x00f0_f000, "Test Pattern", choice: SPA_CHOICE_Enum, [0])
    let entry = try #require(PipeWireControls.control(propInfoBytes: bytes, isV4L2: true))
    #expect(!entry.control.isEditable)
  }

  @Test func everyCutOfAnObjectReadsWithoutTrapping() {
    let bytes = Self.info(
      Self.custom + 0x0098_f904, "Menu", choice: SPA_CHOICE_Enum, [3],
      labels: [(1, "One"), (3, "Three")])
    for length in 0..<bytes.count {
      let cut = Array(bytes.prefix(length))
      if let entry = PipeWireControls.control(propInfoBytes: cut, isV4L2: true) {
        #expect(entry.control.minimum <= entry.control.maximum)
      }
      _ = PipeWireControls.values(propsBytes: cut)
    }
  }

  @Test func valuesAreClampedIntoRangeAndStepWhenWritten() throws {
    let bytes = Self.info(
      SPA_PROP_brightness.rawValue, "Brightness", choice: SPA_CHOICE_Step, [128, 0, 255, 5])
    let entry = try #require(PipeWireControls.control(propInfoBytes: bytes, isV4L2: true))
    let flag = try #require(
      PipeWireControls.control(
        propInfoBytes: Self.info(
          Self.custom + 0x0098_0914, "Horizontal Flip", type: Self.bool, choice: SPA_CHOICE_Enum,
          [0, 0, 1]), isV4L2: true))
    let props = try #require(
      PipeWireControls.propsPodBytes([(entry, Int64(300)), (flag, Int64(1))]))
    #expect(
      PipeWireControls.values(propsBytes: props) == [
        SPA_PROP_brightness.rawValue: 255, Self.custom + 0x0098_0914: 1,
      ])
    let low = try #require(PipeWireControls.propsPodBytes([(entry, Int64(12))]))
    #expect(PipeWireControls.values(propsBytes: low) == [SPA_PROP_brightness.rawValue: 10])
  }

  @Test func propsReadsOnlyNumbersOfControlKeys() {
    // Props as PipeWire 0.3's V4L2 plugin reports them: the device, no control values.
    var buffer = [UInt8](repeating: 0, count: 256)
    let values = [
      pinhole_pw_prop_value(key: SPA_PROP_deviceFd.rawValue, type: Self.int, integer: 7, real: 0),
      pinhole_pw_prop_value(key: SPA_PROP_gain.rawValue, type: Self.int, integer: 26, real: 0),
    ]
    let bytes = buffer.withUnsafeMutableBufferPointer { bytes -> [UInt8] in
      guard
        let pod = pinhole_pw_build_props(
          bytes.baseAddress, UInt32(bytes.count), values, UInt32(values.count))
      else { return [] }
      return Array(
        UnsafeRawBufferPointer(start: UnsafeRawPointer(pod), count: 8 + Int(pod.pointee.size)))
    }
    #expect(PipeWireControls.values(propsBytes: bytes) == [SPA_PROP_gain.rawValue: 26])
  }
}
