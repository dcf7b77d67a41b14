// SPDX-License-Identifier: MIT

/// What `ContrastAutofocus` asks the caller to do after a frame.
public enum FocusCommand: Hashable, Sendable {
  /// Command the lens to normalised focus position `position` (0 near … 1 far).
  case move(to: Double)
  /// Leave the lens alone; the lens is travelling or settling.
  case wait
  /// The search is over: leave the lens at `position` (commanding it there if it is not).
  case locked(at: Double)
  /// No focus peak was found (a flat, featureless or too noisy region); the lens position is
  /// left to the caller, usually the position before the search.
  case failed
}
