// SPDX-License-Identifier: MIT
import AppCore
import Testing

@Suite struct CameraPrivacyTests {
  @Test func hidingTheWindowClosesTheCameraAndShowingItReopensIt() {
    var privacy = CameraPrivacy()
    #expect(privacy.update(isWindowVisible: true, isRecording: false) == nil)
    #expect(privacy.update(isWindowVisible: false, isRecording: false) == .closeCamera)
    #expect(privacy.isCameraClosed)
    #expect(privacy.update(isWindowVisible: false, isRecording: false) == nil)
    #expect(privacy.update(isWindowVisible: true, isRecording: false) == .reopenCamera)
    #expect(!privacy.isCameraClosed)
    #expect(privacy.update(isWindowVisible: true, isRecording: false) == nil)
  }

  @Test func recordingKeepsTheCameraOpenUntilItEnds() {
    var privacy = CameraPrivacy()
    #expect(privacy.update(isWindowVisible: false, isRecording: true) == nil)
    #expect(privacy.update(isWindowVisible: false, isRecording: false) == .closeCamera)
  }

  @Test func keepCameraOpenNeverCloses() {
    var privacy = CameraPrivacy(keepsCameraOpen: true)
    #expect(privacy.update(isWindowVisible: false, isRecording: false) == nil)
    #expect(!privacy.isCameraClosed)
  }

  @Test func ruleWantsTheCameraWhenAnythingNeedsIt() {
    for visible in [false, true] {
      for recording in [false, true] {
        for keeps in [false, true] {
          #expect(
            CameraPrivacy.wantsCamera(
              isWindowVisible: visible, isRecording: recording, keepsCameraOpen: keeps)
              == (visible || recording || keeps))
        }
      }
    }
  }
}
