// SPDX-License-Identifier: MIT
import CSDL2

/// Sound out of the default playback device in SDL's queue mode: interleaved 32-bit floats at
/// the video's rate and channel count, queued as they come due, cleared on a seek. Opening can
/// fail (no sound server, no device): `init` then returns nil and the video plays silent.
///
/// One thread at a time: the app opens it through `AudioOutputOpening`, off the render loop,
/// then plays it from the render loop.
public final class AudioOutput {
  private var device: SDL_AudioDeviceID = 0
  private let channelCount: Int
  private let sampleRate: Int
  private var hasAudioSubsystem = false
  /// The media time just past the last sample queued; nil when nothing was queued since the
  /// last clear.
  private var queuedEnd: Double?
  /// Sample frames in the device's own buffer, played after SDL's queue.
  private static let bufferFrames = 1024

  /// Opens the default device for `sampleRate` and `channelCount`; nil when that fails.
  public init?(sampleRate: Int, channelCount: Int) {
    guard (8000...192_000).contains(sampleRate), (1...8).contains(channelCount) else {
      return nil
    }
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    // ALSA's probing lines are dropped by `SDLAudioSubsystem`; the outcome is all that matters.
    guard open(sampleRate: sampleRate) else { return nil }
  }

  private func open(sampleRate: Int) -> Bool {
    guard SDLAudioSubsystem.start() else { return false }
    hasAudioSubsystem = true
    var wanted = SDL_AudioSpec()
    wanted.freq = Int32(sampleRate)
    wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
    wanted.channels = UInt8(channelCount)
    wanted.samples = UInt16(Self.bufferFrames)
    wanted.callback = nil
    // Flag 0: SDL converts to whatever the device wants.
    device = SDL_OpenAudioDevice(nil, 0, &wanted, nil, 0)
    guard device != 0 else { return false }
    SDL_PauseAudioDevice(device, 0)
    return true
  }

  deinit {
    if device != 0 { SDL_CloseAudioDevice(device) }
    if hasAudioSubsystem { SDLAudioSubsystem.stop() }
  }

  /// Appends `samples` (interleaved), which start at media time `time`, to what plays.
  public func queue(_ samples: [Float], at time: Double) {
    guard !samples.isEmpty, samples.count % channelCount == 0, time.isFinite,
      samples.count <= Int(UInt32.max) / MemoryLayout<Float>.size
    else { return }
    let queued = samples.withUnsafeBytes { bytes in
      SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count))
    }
    guard queued == 0 else { return }
    queuedEnd = time + Double(samples.count / channelCount) / Double(sampleRate)
  }

  /// The media time of the sample the sound card plays now: the end of what was queued, less
  /// what still waits in SDL's queue and in the device's buffer. Nil when nothing was queued
  /// or the queue ran dry (the sound is then silent, and no clock).
  public var playingPosition: Double? {
    guard let queuedEnd, device != 0 else { return nil }
    let waiting = Double(SDL_GetQueuedAudioSize(device))
    guard waiting > 0 else { return nil }
    let bytesPerSecond = Double(sampleRate * channelCount * MemoryLayout<Float>.size)
    return queuedEnd - waiting / bytesPerSecond - Double(Self.bufferFrames) / Double(sampleRate)
  }

  /// Drops what is queued (a seek, a pause).
  public func clear() {
    SDL_ClearQueuedAudio(device)
    queuedEnd = nil
  }

  /// Stops or resumes the device.
  public func setPaused(_ isPaused: Bool) { SDL_PauseAudioDevice(device, isPaused ? 1 : 0) }
}
