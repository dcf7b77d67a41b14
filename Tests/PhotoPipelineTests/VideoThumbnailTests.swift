// SPDX-License-Identifier: MIT
import CameraModel
import CameraTestSupport
import Foundation
import Imaging
import MediaStore
import PhotoPipeline
import Recording
import Testing

@Suite("Video thumbnails")
struct VideoThumbnailTests {
  /// Records 15 generated NV12 frames at 15 fps (1 s) into `folder` with the app's recorder.
  private func record(into folder: URL, name: String, quarterTurns: Int = 0) throws -> URL {
    var configuration = VideoRecorder.Configuration(
      codec: .h264, frameSize: FrameSize(width: 320, height: 180), framesPerSecond: 15)
    configuration.quarterTurns = quarterTurns
    let destination = RecordingDestination(exactPath: folder.appendingPathComponent(name))
    let recorder = try VideoRecorder(configuration: configuration, destination: destination)
    let frame = TestPatterns.gradient(configuration.frameSize)
    for index in 0..<15 {
      frame.metadata.captureTime = MonotonicTime(nanoseconds: UInt64(index) * 66_666_667)
      recorder.offer(frame)
      // The recorder takes a frame per free slot; wait (with a deadline) for it to catch up.
      let deadline = MonotonicTime.now().nanoseconds + 10_000_000_000
      while recorder.statistics.framesWritten + recorder.statistics.framesDropped + 4 <= index,
        MonotonicTime.now().nanoseconds < deadline
      {
        usleep(500)
      }
    }
    _ = recorder.stop()
    return destination.finalURL
  }

  private func collect(
    _ loader: ThumbnailLoader, until done: ([LibraryEvent]) -> Bool
  ) -> [LibraryEvent] {
    var events: [LibraryEvent] = []
    let deadline = Date().addingTimeInterval(20)
    while !done(events), Date() < deadline {
      events += loader.waitForEvents(timeout: .milliseconds(200))
    }
    return events
  }

  @Test func listsARecordingWithThePhotosAndGivesItsFirstFrameAndDuration() throws {
    let photos = try TestFolder()
    let videos = try TestFolder()
    let photo = photos.url.appendingPathComponent("a.jpg")
    try JPEGEncoder().encode(TaggedFrames.make(1), quality: 70).write(to: photo)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: photo.path)
    let video = try record(into: videos.url, name: "clip.mp4")
    let broken = videos.url.appendingPathComponent("broken.mp4")
    try Data("cut short".utf8).write(to: broken)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 500)], ofItemAtPath: broken.path)
    let loader = ThumbnailLoader(folder: photos.url, videoFolder: videos.url)
    defer { loader.stop() }
    let events = collect(loader) { events in
      events.contains { if case .thumbnailReady(video, _) = $0 { true } else { false } }
        && events.contains { if case .thumbnailFailed(broken) = $0 { true } else { false } }
    }
    let listing = events.reversed().lazy.compactMap { event -> [URL]? in
      if case .listed(let entries) = event { entries.map(\.url) } else { nil }
    }.first
    #expect(listing == [video, photo, broken])
    let thumbnail = try #require(loader.thumbnail(for: video))
    #expect(thumbnail.height == 160 && thumbnail.width == 284)
    let duration = try #require(thumbnail.videoDuration)
    #expect(abs(duration - 1) < 0.2)
    // The first frame's gradient: dark on the left, bright on the right.
    #expect(thumbnail.rgba[4 * (80 * 284 + 10)] < thumbnail.rgba[4 * (80 * 284 + 270)])
  }

  @Test func aTurnedRecordingsThumbnailStandsTurned() throws {
    let videos = try TestFolder()
    let video = try record(into: videos.url, name: "turned.mp4", quarterTurns: 1)
    let decoder = try VideoFileDecoder(path: video.path, wantsAudio: false)
    #expect(decoder.info.quarterTurns == 1)
    #expect(decoder.info.size == FrameSize(width: 320, height: 180))
    let loader = ThumbnailLoader(folder: videos.url, videoFolder: videos.url)
    defer { loader.stop() }
    _ = collect(loader) { events in
      events.contains { if case .thumbnailReady(video, _) = $0 { true } else { false } }
    }
    let thumbnail = try #require(loader.thumbnail(for: video))
    // Standing: 160 tall, 90 wide; the gradient's dark left edge is now at the top.
    #expect(thumbnail.height == 160 && thumbnail.width == 90)
    #expect(thumbnail.rgba[4 * (10 * 90 + 45)] < thumbnail.rgba[4 * (150 * 90 + 45)])
  }
}
