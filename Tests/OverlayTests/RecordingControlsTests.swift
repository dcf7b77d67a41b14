// SPDX-License-Identifier: MIT

import CameraModel
import CameraTestSupport
import Overlay
import Testing

extension OverlayScene {
  /// A streaming state in `mode`, recording when `isRecording`.
  static func recordingState(
    mode: ShootingMode = .video, isRecording: Bool = false, scale: Double = 1,
    _ configure: (inout RecordingOverlayState) -> Void = { _ in }
  ) -> OverlayState {
    var state = photoState(scale: scale)
    state.recording.mode = mode
    state.recording.canRecord = true
    state.recording.isRecording = isRecording
    if isRecording {
      state.recording.elapsedSeconds = 83.4
      state.recording.byteCount = 41_200_000
      state.recording.hasAudio = true
    }
    configure(&state.recording)
    return state
  }
}

/// The Photo | Video switch (192…320 × 154…182 in the 512x288 scene: Photo left, Video right),
/// the record button in the shutter's place (224…288 × 208…272) and the small shutter that
/// replaces the switch while recording.
@Suite("Recording controls")
struct RecordingControlsTests {
  private let shutter = Point(x: 256, y: 240)

  private func actions(_ input: OverlayInput, _ state: OverlayState) -> [OverlayAction] {
    Overlay(measurer: FixedWidthTextMeasurer()).frame(input: input, state: state).actions
  }

  private func keys(_ presses: [KeyPress], _ state: OverlayState) -> [OverlayAction] {
    actions(OverlayInput(windowSize: OverlayScene.windowSize, keys: presses), state)
  }

  /// The switch is 3 × 64 points centred over the shutter: Photo 160…224, Video 224…288, Scan
  /// 288…352.
  @Test func switchSegmentsChooseTheMode() {
    let photo = OverlayScene.recordingState(mode: .photo)
    #expect(
      actions(OverlayScene.tap(at: Point(x: 256, y: 168)), photo) == [
        .recording(.setMode(.video))
      ])
    #expect(actions(OverlayScene.tap(at: Point(x: 190, y: 168)), photo).isEmpty)
    let video = OverlayScene.recordingState(mode: .video)
    #expect(
      actions(OverlayScene.tap(at: Point(x: 190, y: 168)), video) == [
        .recording(.setMode(.photo))
      ])
  }

  @Test func theScanSegmentEntersAndLeavesScanMode() {
    let video = OverlayScene.recordingState(mode: .video)
    #expect(actions(OverlayScene.tap(at: Point(x: 320, y: 168)), video) == [.scan(.toggleMode)])
    var scanning = video
    scanning.scan.mode = .scan
    // Photo from scan mode: leave scanning, then switch the shooting mode back to photos.
    #expect(
      actions(OverlayScene.tap(at: Point(x: 190, y: 168)), scanning) == [
        .scan(.toggleMode), .recording(.setMode(.photo)),
      ])
    #expect(actions(OverlayScene.tap(at: Point(x: 256, y: 168)), scanning) == [.scan(.toggleMode)])
    // Scan mode has no record button and Space records nothing.
    #expect(keys([KeyPress(.space)], scanning).isEmpty)
  }

  @Test func modeKeysGoStraightToTheirModeAndTheCurrentOnesDoNothing() {
    let photo = OverlayScene.recordingState(mode: .photo)
    #expect(keys([KeyPress(.p)], photo).isEmpty)
    #expect(keys([KeyPress(.v)], photo) == [.recording(.setMode(.video))])
    #expect(keys([KeyPress(.q)], photo) == [.scan(.toggleMode)])
    let video = OverlayScene.recordingState(mode: .video)
    #expect(keys([KeyPress(.v)], video).isEmpty)
    #expect(keys([KeyPress(.p)], video) == [.recording(.setMode(.photo))])
    #expect(keys([KeyPress(.q)], video) == [.scan(.toggleMode)])
    // In scan mode, entered from photo mode: P and Q return to photo, V goes to video at once.
    var scanning = photo
    scanning.scan.mode = .scan
    #expect(keys([KeyPress(.p)], scanning) == [.scan(.toggleMode)])
    #expect(keys([KeyPress(.q)], scanning) == [.scan(.toggleMode)])
    #expect(keys([KeyPress(.v)], scanning) == [.scan(.toggleMode), .recording(.setMode(.video))])
    // While recording the mode stays: the other modes' keys say why, the current one's does
    // nothing.
    let recording = OverlayScene.recordingState(isRecording: true)
    for key in [Key.p, .q] {
      #expect(keys([KeyPress(key)], recording) == [.recording(.refused(.modeLockedWhileRecording))])
    }
    #expect(keys([KeyPress(.v)], recording).isEmpty)
  }

  @Test func theShutterRecordsInVideoModeAndShootsInPhotoMode() {
    #expect(
      actions(OverlayScene.tap(at: shutter), OverlayScene.recordingState()) == [
        .recording(.start)
      ])
    #expect(
      actions(OverlayScene.tap(at: shutter), OverlayScene.recordingState(isRecording: true)) == [
        .recording(.stop)
      ])
    #expect(
      actions(OverlayScene.tap(at: shutter), OverlayScene.recordingState(mode: .photo)) == [
        .photo(.shutter)
      ])
  }

  @Test func spaceAndReturnStartAndStopInVideoMode() {
    #expect(keys([KeyPress(.space)], OverlayScene.recordingState()) == [.recording(.start)])
    #expect(
      keys([KeyPress(.enter)], OverlayScene.recordingState(isRecording: true)) == [
        .recording(.stop)
      ])
    #expect(
      keys([KeyPress(.space)], OverlayScene.recordingState(mode: .photo)) == [
        .photo(.shutter)
      ])
    // A held key's auto-repeat neither stops the recording it started nor starts another.
    #expect(keys([KeyPress(.space, isRepeat: true)], OverlayScene.recordingState()).isEmpty)
    #expect(
      keys([KeyPress(.space, isRepeat: true)], OverlayScene.recordingState(isRecording: true))
        .isEmpty)
  }

  @Test func theButtonWaitsWhileARecordingOpensOrWithoutACameraAndSaysWhy() {
    let busy = OverlayScene.recordingState { $0.isBusy = true }
    #expect(actions(OverlayScene.tap(at: shutter), busy) == [.recording(.refused(.busy))])
    #expect(keys([KeyPress(.space)], busy) == [.recording(.refused(.busy))])
    let noCamera = OverlayScene.recordingState { $0.canRecord = false }
    #expect(actions(OverlayScene.tap(at: shutter), noCamera) == [.recording(.refused(.noPicture))])
    #expect(keys([KeyPress(.enter)], noCamera) == [.recording(.refused(.noPicture))])
  }

  @Test func theSmallShutterTakesAPhotoWhileRecording() {
    let state = OverlayScene.recordingState(isRecording: true)
    #expect(actions(OverlayScene.tap(at: Point(x: 256, y: 165)), state) == [.photo(.shutter)])
  }

  @Test func theIndicatorShowsElapsedTimeSizeAndDrops() {
    var state = RecordingOverlayState()
    state.elapsedSeconds = 83.4
    state.byteCount = 41_200_000
    state.hasAudio = true
    #expect(state.indicatorText == "1:23 · 41.2 MB")
    state.droppedFrames = 3
    state.hasAudio = false
    #expect(state.indicatorText == "1:23 · 41.2 MB · 3 dropped · no sound")
    #expect(RecordingOverlayState.clock(3723) == "1:02:03")
    #expect(RecordingOverlayState.size(840_000) == "840 KB")
  }
}

@Suite("Recording control goldens")
struct RecordingGoldenTests {
  private let golden = GoldenAssertion()

  private func check(_ name: String, _ state: OverlayState, time: Double = 0) throws {
    let overlay = Overlay(measurer: FixedWidthTextMeasurer())
    let input = OverlayInput(windowSize: OverlayScene.windowSize, time: time)
    let frame = overlay.frame(input: input, state: state)
    try golden.verify(OverlayScene.render(frame.commands, scale: 1, showsVideo: true), named: name)
    try golden.verify(
      text: frame.commands.map(\.description).joined(separator: "\n") + "\n",
      named: name + ".commands")
  }

  @Test func videoModeShowsARedRecordButton() throws {
    try check("recording-videoIdle", OverlayScene.recordingState())
  }

  @Test func recordingShowsStopTheIndicatorAndTheSmallShutter() throws {
    try check("recording-running", OverlayScene.recordingState(isRecording: true), time: 0.25)
  }
}
