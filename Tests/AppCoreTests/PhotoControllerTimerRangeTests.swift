// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Testing

/// A self-timer value from settings that no menu offers must not trap or run for years.
@Suite struct PhotoControllerTimerRangeTests {
  @Test(arguments: [Int.max, 99_999_999, -7])
  func shutterWithAnOutOfRangeTimerStartsABoundedCountdown(seconds: Int) {
    var settings = AppSettings()
    settings.timerSeconds = seconds
    let fixture = ControllerFixture(settings: settings)
    #expect(AppSettings.timerSecondsRange.contains(fixture.controller.timerSeconds))
    fixture.present(1, atMilliseconds: 10)
    fixture.controller.handle(.shutter, readAt: fixture.clock.now)
    let state = fixture.controller.overlayState(time: 0)
    #expect(state.timerSeconds <= 10)
    #expect((state.countdownRemaining ?? 0) <= 10)
  }
}
