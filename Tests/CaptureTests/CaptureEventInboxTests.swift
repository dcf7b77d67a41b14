// SPDX-License-Identifier: MIT
import CameraModel
import Capture
import Testing
import Workers

@Suite struct CaptureEventInboxTests {
  private let device = DeviceInfo(path: "/dev/video9", name: "Cam", driver: "t", busInfo: "b")

  private func statistics(_ delivered: Int) -> CaptureEvent {
    var figures = CaptureStatistics()
    figures.framesDelivered = delivered
    return .statistics(figures)
  }

  @Test func drainReturnsEventsInOrderAndEmptiesTheQueue() {
    let queue = Inbox.captureEvents(capacity: 8)
    queue.post(.stateChanged(.opening(device)))
    queue.post(statistics(1))
    #expect(queue.drain() == [.stateChanged(.opening(device)), statistics(1)])
    #expect(queue.drain().isEmpty)
  }

  @Test func fullQueueDropsTheOldestStatisticsFirst() {
    let queue = Inbox.captureEvents(capacity: 3)
    queue.post(.stateChanged(.opening(device)))
    queue.post(statistics(1))
    queue.post(.stateChanged(.noCamera))
    queue.post(statistics(2))
    #expect(
      queue.drain() == [.stateChanged(.opening(device)), .stateChanged(.noCamera), statistics(2)])
  }

  @Test func fullQueueWithoutStatisticsDropsTheOldestEvent() {
    let queue = Inbox.captureEvents(capacity: 2)
    queue.post(.stateChanged(.opening(device)))
    queue.post(.stateChanged(.noCamera))
    queue.post(.stateChanged(.failed(nil, .notFound(device: "/dev/video9"))))
    #expect(queue.drain().count == 2)
    queue.post(statistics(3))
    #expect(queue.drain() == [statistics(3)])
  }
}
