// SPDX-License-Identifier: MIT
import Accessibility
import CameraModel
import Overlay
import Testing

/// A focus chain like the camera view's, with a settings slider and a switch.
enum SampleChain {
  static let shutter = FocusEntry(
    id: .init("photo-shutter"), role: .button, name: "Take a photo (Space) — hold for a burst",
    rect: Rect(x: 300, y: 400, width: 64, height: 64), shape: .circle)
  static let mute = FocusEntry(
    id: .init("photo-mute"), role: .toggleButton, name: "Mute the shutter",
    state: FocusState(isChecked: true), rect: Rect(x: 400, y: 410, width: 40, height: 40))
  static func brightness(_ value: Double) -> FocusEntry {
    FocusEntry(
      id: .init("control-brightness"), role: .slider, name: "Brightness",
      state: FocusState(
        value: "\(Int(value)) %", range: FocusRange(current: value, minimum: 0, maximum: 100)),
      rect: Rect(x: 10, y: 100, width: 200, height: 30))
  }

  static func chain(
    brightness: Double = 50, focused: String? = nil, extra: [FocusEntry] = []
  ) -> FocusChain {
    FocusChain(
      registered: [Self.brightness(brightness), shutter, mute] + extra,
      focusedID: focused.map { ControlID($0) })
  }

  static func tree(_ chain: FocusChain, notice: String? = nil) -> AccessibleTree {
    AccessibleTree(
      chain: chain, applicationName: "Pinhole", windowTitle: "Pinhole",
      windowSize: Size(width: 800, height: 600), notices: notice.map { [$0] } ?? [])
  }
}

@Suite("Accessible tree")
struct AccessibleTreeTests {
  @Test func controlsBecomeTheWindowsChildrenWithAtSpiRolesAndStates() throws {
    let tree = SampleChain.tree(SampleChain.chain(focused: "photo-shutter"))
    #expect(tree.application.role == .application)
    #expect(tree.window.role == .frame)
    #expect(tree.children.map(\.role) == [.slider, .pushButton, .toggleButton])
    let shutter = try #require(tree.node(for: ControlID("photo-shutter")))
    #expect(shutter.name == "Take a photo")
    #expect(shutter.shortcut == "Space")
    #expect(shutter.details == "hold for a burst")
    #expect(shutter.role.name == "push button")
    #expect(shutter.states.isSuperset(of: [.focused, .focusable, .enabled, .showing]))
    #expect(shutter.actionNames == ["press"])
    let mute = try #require(tree.node(for: ControlID("photo-mute")))
    #expect(mute.states.isSuperset(of: [.checkable, .checked]))
    #expect(!mute.states.contains(.focused))
    let slider = try #require(tree.node(for: ControlID("control-brightness")))
    #expect(slider.valueText == "50 %")
    #expect(slider.range?.current == 50)
    #expect(slider.actionNames.isEmpty)
  }

  @Test func aDisabledControlIsNotEnabledAndANoticeIsANotification() throws {
    var shutter = SampleChain.shutter
    shutter.state.isEnabled = false
    let tree = SampleChain.tree(FocusChain(registered: [shutter]), notice: "Saved photo")
    #expect(tree.children.first?.states.contains(.enabled) == false)
    #expect(tree.children.last?.role == .notification)
    #expect(tree.children.last?.name == "Saved photo")
    #expect(tree.notices == ["Saved photo"])
  }

  @Test func theSameFrameChangesNothing() {
    let tree = SampleChain.tree(SampleChain.chain(focused: "photo-mute"))
    #expect(tree.changes(since: tree).isEmpty)
  }

  @Test func movingFocusIsOneChange() {
    let before = SampleChain.tree(SampleChain.chain(focused: "control-brightness"))
    let after = SampleChain.tree(SampleChain.chain(focused: "photo-shutter"))
    #expect(
      after.changes(since: before) == [
        .focusMoved(from: "control:control-brightness", to: "control:photo-shutter")
      ])
  }

  @Test func aSliderValueAndACheckedStateAreTold() {
    let before = SampleChain.tree(SampleChain.chain(brightness: 50))
    var chain = SampleChain.chain(brightness: 60)
    let unmuted = FocusEntry(
      id: .init("photo-mute"), role: .toggleButton, name: "Mute the shutter",
      state: FocusState(isChecked: false), rect: SampleChain.mute.rect)
    chain = FocusChain(registered: [SampleChain.brightness(60), SampleChain.shutter, unmuted])
    let changes = SampleChain.tree(chain).changes(since: before)
    #expect(changes.contains(.valueChanged(key: "control:control-brightness")))
    #expect(
      changes.contains(.stateChanged(key: "control:photo-mute", state: .checked, isOn: false)))
    #expect(changes.count == 2)
  }

  @Test func childrenAddedAndRemovedCarryTheirIndexes() {
    let panel = FocusEntry(
      id: .init("settings-close"), role: .button, name: "Close settings",
      rect: Rect(x: 0, y: 0, width: 20, height: 20))
    let before = SampleChain.tree(SampleChain.chain())
    let after = SampleChain.tree(FocusChain(registered: [panel, SampleChain.shutter]))
    #expect(
      after.changes(since: before) == [
        .childRemoved(key: "control:photo-mute", index: 2),
        .childRemoved(key: "control:control-brightness", index: 0),
        .childAdded(key: "control:settings-close", index: 0),
      ])
  }

  @Test func aNewNoticeIsAnnouncedOnce() {
    let quiet = SampleChain.tree(SampleChain.chain())
    let told = SampleChain.tree(SampleChain.chain(), notice: "Photo saved")
    #expect(
      told.changes(since: quiet) == [
        .childAdded(key: "notice:Photo saved", index: 3), .announced("Photo saved"),
      ])
    #expect(told.changes(since: told).isEmpty)
    // A hint joining the notice is told alone; the notice is not told again.
    let both = AccessibleTree(
      chain: SampleChain.chain(), applicationName: "Pinhole", windowTitle: "Pinhole",
      windowSize: Size(width: 800, height: 600), notices: ["Photo saved", "Only one camera"])
    #expect(
      both.changes(since: told) == [
        .childAdded(key: "notice:Only one camera", index: 4), .announced("Only one camera"),
      ])
  }

  @Test func theFeedBuildsATreeOnlyWhenTheFrameChanged() {
    var feed = AccessibleTreeFeed(applicationName: "Pinhole")
    let size = Size(width: 800, height: 600)
    var chain = SampleChain.chain(focused: "photo-shutter")
    #expect(feed.tree(chain: chain, windowTitle: "Pinhole", windowSize: size, notices: []) != nil)
    #expect(feed.tree(chain: chain, windowTitle: "Pinhole", windowSize: size, notices: []) == nil)
    // The ring showing or hiding moves no focus a screen reader follows.
    chain.isRingVisible.toggle()
    #expect(feed.tree(chain: chain, windowTitle: "Pinhole", windowSize: size, notices: []) == nil)
    #expect(
      feed.tree(chain: chain, windowTitle: "Pinhole", windowSize: size, notices: ["Hi"]) != nil)
  }

  @Test func pathsRoundTripEveryKey() {
    for key in ["application", "window", "notice", "control:photo-shutter", "control:a_b c/é"] {
      let path = AccessiblePath.path(forKey: key)
      #expect(
        path.utf8.allSatisfy { byte in
          byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        })
      #expect(AccessiblePath.key(forPath: path) == key)
    }
    #expect(AccessiblePath.path(forKey: "application") == "/org/a11y/atspi/accessible/root")
    #expect(AccessiblePath.key(forPath: "/org/a11y/atspi/accessible/_4") == nil)
    #expect(AccessiblePath.key(forPath: "/org/other") == nil)
  }
}
