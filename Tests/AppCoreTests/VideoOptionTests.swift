// SPDX-License-Identifier: MIT
import AppCore
import CameraModel
import Foundation
import Testing

@Suite struct VideoOptionTests {
  @Test func theCommandLineNamesTheVideoQualityAndSize() throws {
    let options = try Options(parsing: [
      "--record", "--video-quality", "Small", "--video-size", "720p",
    ])
    #expect(options.videoQuality == .small)
    #expect(options.videoSizeLimit == .lines720)
    #expect(throws: (any Error).self) { try Options(parsing: ["--video-size", "4k"]) }
    #expect(throws: (any Error).self) { try Options(parsing: ["--video-quality", "best"]) }
  }

  @Test func theSettingsRememberTheVideoOptionsAndIgnoreUnknownOnes() throws {
    var settings = AppSettings()
    settings.videoQuality = .high
    settings.videoSizeLimit = .lines480
    let data = try JSONEncoder().encode(settings)
    let back = try JSONDecoder().decode(AppSettings.self, from: data)
    #expect(back.videoQuality == .high && back.videoSizeLimit == .lines480)
    let odd = try JSONDecoder().decode(
      AppSettings.self, from: Data(#"{"videoQuality": "huge", "videoSizeLimit": "8k"}"#.utf8))
    #expect(odd.videoQuality == .standard && odd.videoSizeLimit == .camera)
  }
}
