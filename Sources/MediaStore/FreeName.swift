// SPDX-License-Identifier: MIT
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// The one rule for every file Pinhole creates or moves into a folder: take the first of its
/// candidate names that nothing holds, and never replace anything. A name is taken when the
/// step that claims it says so — a move without replacing or an `O_EXCL` create failing with
/// EEXIST — so a name that appears between the choice and the claim (another Pinhole, a sync
/// tool) is simply passed over, with no check-then-act race.
///
/// Photos, recordings, part files, recovered and damaged files, the settings file set aside,
/// `--snapshot PATH` and the Trash all go through it.
public struct FreeName: Sendable {
  /// Which names may be claimed.
  public enum Policy: Hashable, Sendable {
    /// The first free of `name(1)`, `name(2)`, … up to this many; reaching it means something
    /// keeps making names.
    case firstFree(attempts: Int)
    /// `name(1)` alone: when it is taken, nothing is placed.
    case exactOnly
  }

  /// How many names `firstFree` tries unless told otherwise.
  public static let defaultAttempts = 1000

  /// The policy.
  public var policy: Policy

  /// Makes the rule; by default the first free of 1000 names.
  public init(_ policy: Policy = .firstFree(attempts: FreeName.defaultAttempts)) {
    self.policy = policy
  }

  /// The number of names the policy allows.
  public var attempts: Int {
    switch policy {
    case .firstFree(let attempts): max(1, attempts)
    case .exactOnly: 1
    }
  }

  /// Calls `claim` with `name(1)`, `name(2)`, … as the policy allows, until one call claims its
  /// name (returns a value); a call answers nil when the name is taken. Returns the claimed
  /// name and the value, or nil when every allowed name was taken. A failure other than a
  /// taken name ends the search at once.
  public func claim<Value, Failure: Error>(
    name: (Int) -> String, _ claim: (String) throws(Failure) -> Value?
  ) throws(Failure) -> (name: String, value: Value)? {
    for attempt in 1...attempts {
      let candidate = name(attempt)
      if let value = try claim(candidate) { return (candidate, value) }
    }
    return nil
  }

  /// Why a move did not place the file.
  public enum MoveFailure: Error, Equatable {
    /// Every name the policy allows is taken; the last one tried.
    case allTaken(lastTried: String)
    /// The move failed for another reason (a missing folder, a full disk, a name too long).
    case failed(SystemCallError)
  }

  /// Moves the file at `source` to the first name the policy allows that nothing holds (paths
  /// from `name(attempt)`, counting from 1), never replacing anything. Returns the path it
  /// landed at.
  public func move(
    _ source: String, fileSystem: any FileSystem = LiveFileSystem(), name: (Int) -> String
  ) throws(MoveFailure) -> String {
    let placed: (name: String, value: Bool)?
    do {
      placed = try claim(name: name) { (candidate) throws(SystemCallError) -> Bool? in
        do throws(SystemCallError) {
          try fileSystem.moveWithoutReplacing(source, to: candidate)
          return true
        } catch  where error.errno == EEXIST {
          return nil
        }
      }
    } catch {
      throw .failed(error)
    }
    guard let placed else { throw .allTaken(lastTried: name(attempts)) }
    return placed.name
  }
}
