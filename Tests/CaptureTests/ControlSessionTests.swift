// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Capture
import Glibc
import Synchronization
import Testing

/// The controls of a pretend camera, shared by the test and the capture thread. Any thread:
/// all state sits behind one mutex.
final class ControlPanel: Sendable {
  private struct State {
    var controls: [CameraControl]
    var pending: [ControlChange] = []
  }

  private let state: Mutex<State>

  init() {
    state = Mutex(
      State(controls: [
        CameraControl(
          id: .brightness, name: "Brightness", kind: .integer, minimum: 0, maximum: 255,
          step: 1, defaultValue: 128, value: 128),
        CameraControl(
          id: .focusAbsolute, name: "Focus, Absolute", kind: .integer, minimum: 0, maximum: 250,
          step: 5, defaultValue: 0, value: 0, flags: .inactive),
      ]))
  }

  var controls: [CameraControl] { state.withLock { $0.controls } }

  /// Clamps and stores; an inactive control is refused with EACCES, as uvcvideo does.
  func set(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl] {
    let result: Result<[CameraControl], CaptureError> = state.withLock { state in
      var updated = state.controls
      for (id, value) in changes {
        guard let index = updated.firstIndex(where: { $0.id == id }), updated[index].isEditable
        else { return .failure(.system(call: "VIDIOC_S_EXT_CTRLS", errno: EACCES)) }
        updated[index].value = updated[index].clamped(value)
      }
      state.controls = updated
      return .success(updated)
    }
    return try result.get()
  }

  /// Changes a value as another program would, and announces it.
  func announce(_ id: ControlID, _ value: Int64) {
    state.withLock { state in
      guard let index = state.controls.firstIndex(where: { $0.id == id }) else { return }
      state.controls[index].value = value
      let control = state.controls[index]
      state.pending.append(
        ControlChange(
          id: id, parts: .value, value: value, flags: control.flags, minimum: control.minimum,
          maximum: control.maximum, step: control.step, defaultValue: control.defaultValue))
    }
  }

  func takeChanges() -> [ControlChange] {
    state.withLock { state in
      defer { state.pending = [] }
      return state.pending
    }
  }
}

/// A `FakeCaptureDevice` with the panel's controls. Capture thread only.
final class PanelDevice: CaptureDevice {
  private let inner: any CaptureDevice
  private let panel: ControlPanel

  init(_ inner: any CaptureDevice, panel: ControlPanel) {
    self.inner = inner
    self.panel = panel
  }

  var info: DeviceInfo { inner.info }
  func capabilities() throws(CaptureError) -> DeviceCapabilities { try inner.capabilities() }
  func configure(_ mode: CaptureMode) throws(CaptureError) -> Negotiation<CaptureMode> {
    try inner.configure(mode)
  }
  func startStreaming() throws(CaptureError) { try inner.startStreaming() }
  func nextFrame(timeout: Duration, _ body: (RawFrame) -> Void) throws(CaptureError) -> Bool {
    try inner.nextFrame(timeout: timeout, body)
  }
  func stopStreaming() { inner.stopStreaming() }
  func close() { inner.close() }
  func controls() throws(CaptureError) -> [CameraControl] { panel.controls }
  func setControls(_ changes: [(ControlID, Int64)]) throws(CaptureError) -> [CameraControl] {
    try panel.set(changes)
  }
  func controlEvents() -> [ControlChange] { panel.takeChanges() }
}

@Suite(.serialized) struct ControlSessionTests {
  let camera: FakeCamera
  let panel = ControlPanel()
  let session: CaptureSession
  let recorder: CaptureEventRecorder

  init() {
    var script = FakeCamera.Script()
    script.frameDelay = .milliseconds(5)
    let camera = FakeCamera(script: script)
    let panel = panel
    self.camera = camera
    session = CaptureSession(
      configuration: .init(
        pollTimeout: .milliseconds(50), retryDelay: .milliseconds(50),
        statisticsInterval: .milliseconds(50)),
      openDevice: { () throws(CaptureError) -> any CaptureDevice in
        PanelDevice(try camera.open(), panel: panel)
      },
      makeConverter: { CopyingConverter() })
    recorder = CaptureEventRecorder(session: session)
  }

  /// Every control list reported so far.
  var lists: [[CameraControl]] {
    recorder.events.compactMap { if case .controlsChanged(let list) = $0 { list } else { nil } }
  }

  func brightness(_ list: [CameraControl]) -> Int64? {
    list.first { $0.id == .brightness }?.value
  }

  func recycle() { if let frame = session.mailbox.take() { session.recycle(frame) } }

  @Test func reportsTheControlsOnceTheCameraIsOpen() async {
    session.start()
    let reported = await recorder.wait(onPoll: recycle) { _ in !lists.isEmpty }
    session.stop()
    #expect(reported)
    #expect(lists.first == panel.controls)
  }

  @Test func setsControlsAndReportsTheClampedResult() async {
    session.start()
    _ = await recorder.wait(onPoll: recycle) { _ in !lists.isEmpty }
    session.setControl(.brightness, to: 400)
    let answered = await recorder.wait(onPoll: recycle) { _ in
      lists.contains { brightness($0) == 255 }
    }
    session.stop()
    #expect(answered)
  }

  @Test func aRefusedControlIsReportedAndTheStreamGoesOn() async {
    session.start()
    session.setControls([(.focusAbsolute, 100)])
    let refused = await recorder.wait(onPoll: recycle) { events in
      events.contains { if case .controlRejected = $0 { true } else { false } }
    }
    let framesBefore = recorder.latestStatistics?.framesDelivered ?? 0
    let goesOn = await recorder.wait(onPoll: recycle) { _ in
      (recorder.latestStatistics?.framesDelivered ?? 0) > framesBefore + 5
    }
    session.stop()
    #expect(refused && goesOn)
    #expect(recorder.failures.isEmpty)
    let rejection = recorder.events.compactMap {
      if case .controlRejected(let name, let reason) = $0 { (name, reason) } else { nil }
    }.first
    #expect(rejection?.0 == "focus_absolute")
    #expect(rejection?.1.contains("automatic mode") == true)
  }

  @Test func changesAnnouncedByTheDriverUpdateTheList() async {
    session.start()
    _ = await recorder.wait(onPoll: recycle) { _ in !lists.isEmpty }
    panel.announce(.brightness, 17)
    let updated = await recorder.wait(onPoll: recycle) { _ in
      lists.last.map { brightness($0) == 17 } ?? false
    }
    session.stop()
    #expect(updated)
    #expect(lists.last?.first { $0.id == .focusAbsolute } != nil, "the rest of the list stays")
  }

  @Test func settingsSentBeforeTheCameraOpensAreAppliedOnceItDoes() async {
    session.setControl(.brightness, to: 64)
    session.start()
    let applied = await recorder.wait(onPoll: recycle) { _ in
      lists.contains { brightness($0) == 64 }
    }
    session.stop()
    #expect(applied)
    #expect(brightness(panel.controls) == 64)
  }

  @Test func refreshReadsTheControlsAgain() async {
    session.start()
    _ = await recorder.wait(onPoll: recycle) { _ in !lists.isEmpty }
    let before = lists.count
    session.refreshControls()
    let refreshed = await recorder.wait(onPoll: recycle) { _ in lists.count > before }
    session.stop()
    #expect(refreshed)
  }
}
