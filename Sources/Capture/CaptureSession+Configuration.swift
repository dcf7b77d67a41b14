// SPDX-License-Identifier: MIT
import CameraModel

extension CaptureSession {
  /// Tunables of a capture session. The defaults suit a desktop webcam; tests shorten the
  /// timeouts.
  public struct Configuration: Sendable {
    /// The mode wanted at start; `nil` fields are left to `ModePolicy`.
    public var request: ModeRequest
    /// Frames in the pool shared by capture and display.
    public var poolCapacity: Int
    /// Size the pool's frames are allocated at; each frame grows once if the mode is larger.
    public var initialFrameSize: FrameSize
    /// How long one wait for a frame may block. It bounds how long `stop()` and commands wait.
    public var pollTimeout: Duration
    /// Pause between attempts to reopen a failed or busy camera.
    public var retryDelay: Duration
    /// A streaming camera silent for this long is restarted. UVC cameras in low light may
    /// stretch exposure to about 1/3 s per frame, so this must stay well above that.
    public var stallTimeout: Duration
    /// Time between `.statistics` events.
    public var statisticsInterval: Duration
    /// Events kept when the main thread does not drain them.
    public var eventCapacity: Int
    /// Threads decoding consecutive MJPEG frames at once (1 decodes on the capture thread).
    public var decodeThreads: Int
    /// When true, compressed (MJPEG) frames are not decoded: each is delivered with the
    /// camera's bytes in `compressedSource`, its size, times and colorimetry, and pixels left
    /// as the pool frame had them. For a consumer that stores the camera's own frames and shows
    /// none (headless MJPEG pass-through). Uncompressed frames are converted as usual.
    public var skipsDecoding = false
    /// How long `stop()` waits for the capture thread. A driver call can hang (a USB camera
    /// that half went away answers no control request): past this the thread is left to end
    /// by itself, so quitting or switching cameras never hangs on the driver.
    public var stopTimeout: Duration = .seconds(5)

    /// Makes a configuration; every argument has the desktop default.
    public init(
      request: ModeRequest = ModeRequest(),
      poolCapacity: Int = FramePool.defaultCapacity,
      initialFrameSize: FrameSize = FrameSize(width: 1280, height: 720),
      pollTimeout: Duration = .milliseconds(100),
      retryDelay: Duration = .seconds(1),
      stallTimeout: Duration = .seconds(2),
      statisticsInterval: Duration = .seconds(1),
      eventCapacity: Int = 64,
      decodeThreads: Int = 2
    ) {
      self.request = request
      self.poolCapacity = poolCapacity
      self.initialFrameSize = initialFrameSize
      self.pollTimeout = pollTimeout
      self.retryDelay = retryDelay
      self.stallTimeout = stallTimeout
      self.statisticsInterval = statisticsInterval
      self.eventCapacity = eventCapacity
      self.decodeThreads = min(max(decodeThreads, 1), 8)
    }
  }
}
