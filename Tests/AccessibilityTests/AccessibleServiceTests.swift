// SPDX-License-Identifier: MIT
import Accessibility
import DesktopBus
import Overlay
import Testing

@Suite("AT-SPI answers")
struct AccessibleServiceTests {
  private static let shutterPath = AccessiblePath.path(forKey: "control:photo-shutter")
  private static let sliderPath = AccessiblePath.path(forKey: "control:control-brightness")

  private func service(notice: String? = nil) -> AccessibleService {
    AccessibleService(
      tree: SampleChain.tree(SampleChain.chain(focused: "photo-shutter"), notice: notice),
      busName: ":1.7")
  }

  private func ask(
    _ service: inout AccessibleService, _ path: String, _ interface: String, _ member: String,
    _ arguments: [BusValue] = []
  ) -> AccessibleService.Answer {
    service.answer(path: path, interface: interface, member: member, arguments: arguments)
  }

  @Test func theRootIsTheApplicationWithTheWindowAsItsChild() {
    var service = service()
    let root = AccessiblePath.root
    #expect(
      ask(
        &service, root, "org.freedesktop.DBus.Properties", "Get",
        [
          .string("org.a11y.atspi.Accessible"), .string("Name"),
        ]) == .reply([.variant(.string("Pinhole"))]))
    #expect(ask(&service, root, "org.a11y.atspi.Accessible", "GetRole") == .reply([.uint32(75)]))
    let window = BusValue.structure([
      .string(":1.7"), .objectPath(AccessiblePath.path(forKey: "window")),
    ])
    #expect(
      ask(&service, root, "org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(0)])
        == .reply([window]))
    #expect(
      ask(&service, root, "org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(5)])
        == .reply([.structure([.string(""), .objectPath("/org/a11y/atspi/null")])]))
  }

  @Test func theShutterIsAPushButtonThatPressesItsWidget() {
    var service = service()
    let path = Self.shutterPath
    #expect(
      ask(&service, path, "org.a11y.atspi.Accessible", "GetRoleName")
        == .reply([.string("push button")]))
    let states: AccessibleStates = [
      .focused, .focusable, .enabled, .sensitive, .visible, .showing,
    ]
    #expect(
      ask(&service, path, "org.a11y.atspi.Accessible", "GetState")
        == .reply([.array(elementSignature: "u", states.words.map(BusValue.uint32))]))
    #expect(
      ask(
        &service, path, "org.freedesktop.DBus.Properties", "Get",
        [
          .string("org.a11y.atspi.Action"), .string("NActions"),
        ]) == .reply([.variant(.int32(1))]))
    #expect(
      ask(&service, path, "org.a11y.atspi.Action", "DoAction", [.int32(0)])
        == .activate(ControlID("photo-shutter")))
    #expect(
      ask(&service, path, "org.a11y.atspi.Action", "GetKeyBinding", [.int32(0)])
        == .reply([.string("Space")]))
    guard case .error = ask(&service, path, "org.a11y.atspi.Action", "DoAction", [.int32(1)])
    else { return #expect(Bool(false), "an action out of range is refused") }
  }

  @Test func theSliderHasAValueAndNoAction() {
    var service = service()
    let path = Self.sliderPath
    let properties = { (name: String) in
      ask(
        &service, path, "org.freedesktop.DBus.Properties", "Get",
        [
          .string("org.a11y.atspi.Value"), .string(name),
        ])
    }
    #expect(properties("CurrentValue") == .reply([.variant(.double(50))]))
    #expect(properties("MaximumValue") == .reply([.variant(.double(100))]))
    #expect(properties("Text") == .reply([.variant(.string("50 %"))]))
    let interfaces = [
      "org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Value",
    ]
    #expect(
      ask(&service, path, "org.a11y.atspi.Accessible", "GetInterfaces")
        == .reply([.array(elementSignature: "s", interfaces.map(BusValue.string))]))
    guard case .error = ask(&service, path, "org.a11y.atspi.Action", "DoAction", [.int32(0)])
    else { return #expect(Bool(false), "a slider has no action") }
  }

  @Test func aDisabledControlIsNotPressed() {
    var shutter = SampleChain.shutter
    shutter.state.isEnabled = false
    var service = AccessibleService(
      tree: SampleChain.tree(FocusChain(registered: [shutter])), busName: ":1.7")
    #expect(
      ask(&service, Self.shutterPath, "org.a11y.atspi.Action", "DoAction", [.int32(0)])
        == .reply([.bool(false)]))
  }

  @Test func extentsAreWholePixelsAndUnknownObjectsAreRefused() {
    var service = service()
    #expect(
      ask(&service, Self.shutterPath, "org.a11y.atspi.Component", "GetExtents", [.uint32(0)])
        == .reply([.structure([.int32(300), .int32(400), .int32(64), .int32(64)])]))
    guard
      case .error(let name, _) = ask(
        &service, AccessiblePath.path(forKey: "control:gone"), "org.a11y.atspi.Accessible",
        "GetRole")
    else { return #expect(Bool(false), "a vanished control is no object") }
    #expect(name == "org.freedesktop.DBus.Error.UnknownObject")
  }

  @Test func theRegistrySetsTheApplicationID() {
    var service = service()
    #expect(
      ask(
        &service, AccessiblePath.root, "org.freedesktop.DBus.Properties", "Set",
        [
          .string("org.a11y.atspi.Application"), .string("Id"), .variant(.int32(42)),
        ]) == .reply([]))
    #expect(service.applicationID == 42)
  }

  @Test func focusAndNoticesBecomeAtSpiEvents() {
    let before = SampleChain.tree(SampleChain.chain(focused: "control-brightness"))
    let after = SampleChain.tree(SampleChain.chain(focused: "photo-shutter"), notice: "Saved")
    let signals = AccessibleEvents.signals(
      for: after.changes(since: before), in: after, busName: ":1.7")
    #expect(signals.allSatisfy { $0.interface == "org.a11y.atspi.Event.Object" })
    #expect(
      signals.allSatisfy { BusArguments($0.arguments).signature == "siiva{sv}" })
    let focus = signals.filter { $0.member == "StateChanged" }
    #expect(focus.map(\.path) == [Self.sliderPath, Self.shutterPath])
    #expect(focus.map { $0.arguments[1] } == [.int32(0), .int32(1)])
    #expect(focus.allSatisfy { $0.arguments[0] == .string("focused") })
    let announcement = signals.first { $0.member == "Announcement" }
    #expect(announcement?.arguments[3] == .variant(.string("Saved")))
    #expect(
      signals.contains { $0.member == "ChildrenChanged" && $0.arguments[0] == .string("add") })
  }
}

@Suite("AT-SPI cache")
struct AccessibleCacheTests {
  @Test func theCacheIsEmptySoClientsAskEachObject() {
    var service = AccessibleService(tree: SampleChain.tree(SampleChain.chain()), busName: ":1.7")
    #expect(
      service.answer(
        path: "/org/a11y/atspi/cache", interface: "org.a11y.atspi.Cache", member: "GetItems",
        arguments: []) == .reply([.array(elementSignature: "((so)(so)(so)iiassusau)", [])]))
  }
}
