// SPDX-License-Identifier: MIT
import CSDL2
import CameraModel
import Synchronization

/// A sound input through SDL2's audio capture (PulseAudio, PipeWire or ALSA underneath).
///
/// SDL calls back on its own audio thread with each filled buffer; the chunk made from it is
/// stamped on CLOCK_MONOTONIC, the clock V4L2 stamps frames with: the callback's time minus the
/// buffer's own length, since the buffer's last sample has just been captured and its first
/// one that long ago. SDL2 reports no further capture latency; with `samples` at 1024 (21 ms at
/// 48 kHz) SDL asks PulseAudio for fragments of that size, so what remains is a few
/// milliseconds of server buffering.
///
/// Any thread: it is opened on a worker (opening talks to the sound server), then polled
/// (`isLost`) and stopped on the render loop. The device number is atomic and `stop` takes it
/// once, so two stops close the device once; SDL's callback reads only the delivery closure,
/// under its mutex.
public final class Microphone: AudioInput, Sendable {
  /// The format chunks are delivered in (SDL converts whatever the device has).
  public let format: AudioFormat
  /// The device's name, or "default input".
  public let name: String
  private let device = Atomic<SDL_AudioDeviceID>(0)
  private let delivery = Mutex<(@Sendable (AudioChunk) -> Void)?>(nil)

  /// The capture devices SDL lists, by name. Starting SDL audio talks to the sound server,
  /// so call it on a worker thread; audio then stays running (`SDLAudioSubsystem.keepRunning`)
  /// so that SDL posts SDL_AUDIODEVICEADDED/REMOVED when an input comes or goes. Any thread.
  public static func deviceNames() -> [String] {
    // ALSA's probing lines are dropped by `SDLAudioSubsystem`; the outcome is all that matters.
    guard SDLAudioSubsystem.keepRunning() else { return [] }
    let count = max(0, SDL_GetNumAudioDevices(1))
    return (0..<count).compactMap { SDL_GetAudioDeviceName($0, 1).map { String(cString: $0) } }
  }

  /// Opens the capture device `name` (nil: the system's default input), paused.
  public init(
    name: String? = nil, format: AudioFormat = AudioFormat(sampleRate: 48_000, channelCount: 1)
  ) throws(PlatformError) {
    self.format = format
    self.name = name ?? "default input"
    guard SDLAudioSubsystem.start() else {
      throw .microphoneUnavailable(reason: String(cString: SDL_GetError()))
    }
    var wanted = SDL_AudioSpec()
    wanted.freq = Int32(format.sampleRate)
    wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
    wanted.channels = UInt8(clamping: format.channelCount)
    wanted.samples = 1024
    wanted.callback = { userdata, stream, length in
      guard let userdata, let stream, length > 0 else { return }
      Unmanaged<Microphone>.fromOpaque(userdata).takeUnretainedValue().deliver(stream, length)
    }
    wanted.userdata = Unmanaged.passUnretained(self).toOpaque()
    var obtained = SDL_AudioSpec()
    // No changes allowed: SDL converts to the format asked for.
    let opened = SDL_OpenAudioDevice(name, 1, &wanted, &obtained, 0)
    guard opened != 0 else {
      let reason = String(cString: SDL_GetError())
      SDLAudioSubsystem.stop()
      throw .microphoneUnavailable(reason: reason)
    }
    device.store(opened, ordering: .releasing)
  }

  deinit { stop() }

  /// True once SDL has given the open device up: when the sound server removes the input (a
  /// USB microphone unplugged, a PulseAudio source unloaded) SDL posts SDL_AUDIODEVICEREMOVED,
  /// marks the device disabled and goes on calling back with silence, so the recording keeps
  /// its pace. False after `stop`.
  public var isLost: Bool {
    let id = device.load(ordering: .acquiring)
    return id != 0 && SDL_GetAudioDeviceStatus(id) == SDL_AUDIO_STOPPED
  }

  /// Starts the callbacks; each buffer reaches `deliver` on SDL's audio thread.
  public func start(deliver: @escaping @Sendable (AudioChunk) -> Void) {
    delivery.withLock { $0 = deliver }
    let id = device.load(ordering: .acquiring)
    if id != 0 { SDL_PauseAudioDevice(id, 0) }
  }

  /// Closes the device (SDL waits for a running callback to finish). Safe to call twice.
  public func stop() {
    let id = device.exchange(0, ordering: .acquiringAndReleasing)
    guard id != 0 else { return }
    SDL_CloseAudioDevice(id)
    delivery.withLock { $0 = nil }
    SDLAudioSubsystem.stop()
  }

  /// SDL's audio thread: copies the buffer into a chunk and hands it on.
  private func deliver(_ stream: UnsafeMutablePointer<UInt8>, _ length: Int32) {
    let now = MonotonicTime.now()
    let count = Int(length) / MemoryLayout<Float>.size
    let channels = max(1, format.channelCount)
    let samples = [Float](
      UnsafeBufferPointer(
        start: UnsafeRawPointer(stream).assumingMemoryBound(to: Float.self), count: count))
    let frames = UInt64(count / channels)
    let length = frames * 1_000_000_000 / UInt64(max(1, format.sampleRate))
    let chunk = AudioChunk(
      samples: samples, channelCount: channels, sampleRate: format.sampleRate,
      captureTime: MonotonicTime(nanoseconds: now.nanoseconds &- min(length, now.nanoseconds)))
    guard let deliver = delivery.withLock({ $0 }) else { return }
    deliver(chunk)
  }
}
