// SPDX-License-Identifier: MIT
import CameraModel

/// Chooses the mode a camera streams in when the user has not said, and honours what the user
/// did say by picking the nearest mode the camera offers. A pure function of the catalogue.
///
/// The default is the highest resolution up to 1920x1080 that reaches 24 fps, in the format
/// cheapest to display, at the fastest rate up to 30 fps. Formats libv4l2 emulates on the CPU
/// and formats Pinhole cannot display are never chosen.
public enum ModePolicy {
  /// The largest default size: beyond 1080p a preview gains nothing on most screens while MJPEG
  /// decode time grows with the pixel count (about 9 ms per 1080p frame on one core).
  public static let largestDefaultSize = FrameSize(width: 1920, height: 1080)

  /// Below this rate motion looks jerky, so a smaller size that reaches it is preferred.
  public static let smoothFramesPerSecond = 24.0

  /// The default rate cap. A preview faster than 30 fps costs CPU for every frame (MJPEG decode,
  /// texture upload) for no gain most people can see, so faster rates are used only on request.
  public static let defaultFramesPerSecondCap = 30.0

  /// Relative slack when comparing rates, so that NTSC rates such as 24000/1001 (23.976 fps)
  /// count as 24 fps and 30000/1001 as 30 fps.
  static let rateTolerance = 0.005

  /// The rates a request may name: no camera streams faster than 1000 fps, and a bound keeps
  /// every conversion of the rate to an integer fraction in range.
  public static let requestableFramesPerSecond = 0.001...1000.0

  /// Picks a mode from `capabilities`, honouring each field of `request` that is set by taking
  /// the nearest thing offered. `canConvert` says which formats the frame converter handles.
  /// Throws `unsupportedFormat` when no native, displayable, convertible format has any size.
  public static func choose(
    from capabilities: DeviceCapabilities, request: ModeRequest = ModeRequest(),
    canConvert: (PixelFormat) -> Bool = { _ in true }
  ) throws(CaptureError) -> ModeChoice {
    var notes: [String] = []
    var request = request
    if let wanted = request.framesPerSecond, !requestableFramesPerSecond.contains(wanted) {
      notes.append("ignoring a rate of \(wanted) fps")
      request.framesPerSecond = nil
    }
    if let wanted = request.size, !wanted.isValid {
      notes.append("ignoring a size of \(wanted)")
      request.size = nil
    }
    let formats = usableFormats(capabilities, request: request, canConvert: canConvert, &notes)
    let all = formats.flatMap { entry in
      entry.choice.sizes.compactMap { size in
        Candidate(format: entry.choice.format, order: entry.order, size: size)
      }
    }
    guard !all.isEmpty else {
      throw .unsupportedFormat(capabilities.formats.first?.format.fourCC ?? FourCC(rawValue: 0))
    }
    let sized = sizeCandidates(all, request: request, &notes)
    let picked = pickCandidate(sized, request: request, &notes)
    let interval = pickInterval(picked.size.intervals, request: request, &notes)
    let mode = CaptureMode(format: picked.format, size: picked.size.size, interval: interval)
    return ModeChoice(mode: mode, reason: notes.joined(separator: "; "))
  }

  /// One format and size the policy may choose.
  private struct Candidate {
    var format: PixelFormat
    /// Position of the format in the driver's list, the last tie-breaker.
    var order: Int
    var size: SizeChoice
    var fastest: Double

    /// Nil for sizes no camera streams (driver data is input too) and sizes without a rate.
    init?(format: PixelFormat, order: Int, size: SizeChoice) {
      guard size.size.isValid, let fastest = size.intervals.fastest, fastest.framesPerSecond > 0
      else { return nil }
      self.format = format
      self.order = order
      self.size = size
      self.fastest = fastest.framesPerSecond
    }

    var cost: Int { format.displayCost ?? Int.max }
  }

  private static func usableFormats(
    _ capabilities: DeviceCapabilities, request: ModeRequest,
    canConvert: (PixelFormat) -> Bool, _ notes: inout [String]
  ) -> [(order: Int, choice: FormatChoice)] {
    let usable = capabilities.formats.enumerated().filter { _, choice in
      !choice.isEmulated && choice.format.displayCost != nil && canConvert(choice.format)
    }.map { (order: $0.offset, choice: $0.element) }
    guard let wanted = request.format else { return usable }
    let matching = usable.filter { $0.choice.format == wanted }
    if matching.isEmpty {
      notes.append("\(wanted) is not offered natively")
      return usable
    }
    notes.append("\(wanted) as requested")
    return matching
  }

  private static func sizeCandidates(
    _ all: [Candidate], request: ModeRequest, _ notes: inout [String]
  ) -> [Candidate] {
    if let wanted = request.size {
      let distance = { (c: Candidate) in
        abs(c.size.size.width - wanted.width) + abs(c.size.size.height - wanted.height)
      }
      let best = all.map(distance).min() ?? 0
      notes.append(best == 0 ? "\(wanted) as requested" : "nearest size to \(wanted)")
      return all.filter { distance($0) == best }
    }
    if request.prefersLargestSize {
      let largest = all.map(\.size.size.area).max() ?? 0
      notes.append("the largest size, for a still")
      return all.filter { $0.size.size.area == largest }
    }
    let fitting = all.filter {
      $0.size.size.width <= largestDefaultSize.width
        && $0.size.size.height <= largestDefaultSize.height
    }
    guard fitting.isEmpty else { return fitting }
    let smallest = all.map(\.size.size.area).min() ?? 0
    notes.append("no size ≤ 1080p, so the smallest")
    return all.filter { $0.size.size.area == smallest }
  }

  private static func pickCandidate(
    _ candidates: [Candidate], request: ModeRequest, _ notes: inout [String]
  ) -> Candidate {
    let threshold = request.framesPerSecond ?? smoothFramesPerSecond
    let reaching = candidates.filter { reaches($0.fastest, threshold) }
    let pool: [Candidate]
    let picked: Candidate
    if reaching.isEmpty {
      pool = candidates
      picked =
        candidates.min { a, b in
          (-a.fastest, -a.size.size.area, a.cost, a.order)
            < (-b.fastest, -b.size.size.area, b.cost, b.order)
        } ?? candidates[0]
      notes.append("no size reaches \(rate(threshold)) fps, so the fastest")
    } else {
      pool = reaching
      picked =
        reaching.min { a, b in
          (-a.size.size.area, a.cost, a.order) < (-b.size.size.area, b.cost, b.order)
        } ?? reaching[0]
      if request.size == nil {
        notes.append("highest size ≤ 1080p at ≥ \(rate(threshold)) fps")
      }
    }
    notes += formatNotes(picked, pool: pool, candidates: candidates)
    return picked
  }

  /// Why the picked format rather than another at the same size: the others cost more to
  /// display, or the cheaper ones are too slow.
  private static func formatNotes(
    _ picked: Candidate, pool: [Candidate], candidates: [Candidate]
  ) -> [String] {
    var notes: [String] = []
    let dearer = pool.filter { $0.size.size == picked.size.size && $0.cost > picked.cost }
    if let next = dearer.min(by: { $0.cost < $1.cost }), next.format != picked.format {
      notes.append("\(picked.format) is cheaper to display than \(next.format)")
    }
    let slower = candidates.filter {
      $0.size.size == picked.size.size && $0.cost < picked.cost && $0.fastest < picked.fastest
    }
    if let cheaper = slower.min(by: { $0.cost < $1.cost }) {
      notes.append(
        "\(cheaper.format) reaches only \(rate(cheaper.fastest)) fps at \(picked.size.size)")
    }
    return notes
  }

  private static func pickInterval(
    _ choices: IntervalChoices, request: ModeRequest, _ notes: inout [String]
  ) -> FrameInterval {
    if let wanted = request.framesPerSecond {
      let options = intervalOptions(choices, near: wanted, roundingDown: false)
      let best =
        options.min { a, b in
          (abs(a.framesPerSecond - wanted), -a.framesPerSecond)
            < (abs(b.framesPerSecond - wanted), -b.framesPerSecond)
        } ?? FrameInterval(numerator: 1, denominator: Swift.max(1, Int(wanted.rounded())))
      if !reaches(best.framesPerSecond, wanted) || !reaches(wanted, best.framesPerSecond) {
        notes.append("nearest rate to \(rate(wanted)) fps")
      }
      return best
    }
    let cap = defaultFramesPerSecondCap
    let options = intervalOptions(choices, near: cap, roundingDown: true)
    let capped = options.filter { reaches(cap, $0.framesPerSecond) }
    let smooth = options.filter { reaches($0.framesPerSecond, smoothFramesPerSecond) }
    if let fastest = capped.min(), reaches(fastest.framesPerSecond, smoothFramesPerSecond) {
      if let unconstrained = options.min(), !reaches(cap, unconstrained.framesPerSecond) {
        notes.append("capped at \(rate(cap)) fps")
      }
      return fastest
    }
    // Nothing between 24 and 30 fps: a faster smooth rate beats a jerky one within the cap.
    if let slowestSmooth = smooth.max() { return slowestSmooth }
    return capped.min() ?? options.max() ?? FrameInterval(numerator: 1, denominator: Int(cap))
  }

  /// The intervals worth comparing: a discrete list as is; for a stepwise range its ends and
  /// the step nearest to `framesPerSecond` (never faster than it when `roundingDown`).
  private static func intervalOptions(
    _ choices: IntervalChoices, near framesPerSecond: Double, roundingDown: Bool
  ) -> [FrameInterval] {
    switch choices {
    case .discrete(let list):
      return list.filter { $0.framesPerSecond > 0 }
    case .stepwise(let min, let max, let step):
      let span = seconds(max) - seconds(min)
      let stepSeconds = seconds(step)
      guard stepSeconds > 0, span > 0 else { return [min, max] }
      let target = 1 / framesPerSecond
      let raw = (target - seconds(min)) / stepSeconds
      let steps = (roundingDown ? (raw - 1e-9).rounded(.up) : raw.rounded())
      // Driver fractions can make the step count astronomically large (1/4294967295 s steps
      // over an hour); a count beyond Int32 is no real mode, so the range ends stand alone.
      let clamped = Swift.min(Swift.max(steps, 0), (span / stepSeconds).rounded(.down))
      guard clamped.isFinite, clamped < Double(Int32.max),
        let stepped = adding(step, times: Int(clamped), to: min)
      else { return [min, max] }
      return [min, max, stepped]
    }
  }

  /// `base + count × step` as a reduced fraction; nil when the driver's fractions are too
  /// large for the sum to fit.
  private static func adding(
    _ step: FrameInterval, times count: Int, to base: FrameInterval
  ) -> FrameInterval? {
    func product(_ values: Int...) -> Int? {
      var result = 1
      for value in values {
        let (next, overflow) = result.multipliedReportingOverflow(by: value)
        if overflow { return nil }
        result = next
      }
      return result
    }
    guard let first = product(base.numerator, step.denominator),
      let second = product(count, step.numerator, base.denominator),
      let denominator = product(base.denominator, step.denominator)
    else { return nil }
    let (numerator, overflow) = first.addingReportingOverflow(second)
    guard !overflow else { return nil }
    let divisor = gcd(numerator, denominator)
    return FrameInterval(numerator: numerator / divisor, denominator: denominator / divisor)
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (abs(a), abs(b))
    while y != 0 { (x, y) = (y, x % y) }
    return Swift.max(x, 1)
  }

  private static func seconds(_ interval: FrameInterval) -> Double {
    interval.denominator > 0 ? Double(interval.numerator) / Double(interval.denominator) : 0
  }

  /// True when `framesPerSecond` reaches `target`, within `rateTolerance`.
  private static func reaches(_ framesPerSecond: Double, _ target: Double) -> Bool {
    framesPerSecond >= target * (1 - rateTolerance)
  }

  /// "24" or "12.5". Rates reach here from the request (bounded above) and from driver
  /// fractions (at most 2³² fps), but the conversion stays safe for any value.
  private static func rate(_ framesPerSecond: Double) -> String {
    let milli = (framesPerSecond * 1000).rounded()
    guard milli.isFinite, milli.magnitude < 1e15 else { return "\(framesPerSecond)" }
    return FrameInterval(numerator: 1000, denominator: Int(milli)).description.replacingFPS()
  }
}

extension String {
  /// Drops the " fps" unit FrameInterval's description ends with.
  fileprivate func replacingFPS() -> String {
    hasSuffix(" fps") ? String(dropLast(4)) : self
  }
}
