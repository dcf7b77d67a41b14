// SPDX-License-Identifier: MIT
import AppCore
import CameraModel

/// Puts controls back to the values they had before the exerciser touched them, in the order
/// drivers accept: first every manual control, each with the automatic mode that locks it now
/// switched off in the same request; then the automatic modes themselves. Pure: the caller
/// sends the requests.
public enum ControlRestoration {
  /// True for a control with a value that can be written back.
  static func isRestorable(_ control: CameraControl) -> Bool {
    control.kind != .button && control.kind != .other
      && control.flags.isDisjoint(with: [.disabled, .readOnly])
  }

  /// True for the automatic-mode switches the reset knows about.
  static func isAutomaticMode(_ id: ControlID) -> Bool { ControlReset.automaticModes[id] != nil }

  /// The first request: each manual control whose value differs from `originals`, back to its
  /// original, preceded by the switches that release it.
  public static func manualStep(originals: [CameraControl], current: [CameraControl])
    -> [(ControlID, Int64)]
  {
    var unlocks: [(ControlID, Int64)] = []
    var values: [(ControlID, Int64)] = []
    for original in originals where isRestorable(original) && !isAutomaticMode(original.id) {
      // A volatile control (gain under auto gain) moves by itself: writing it back would only
      // switch its automatic mode off and on again.
      guard let now = current.first(where: { $0.id == original.id }), now.value != original.value,
        !now.flags.contains(.volatile), !original.flags.contains(.volatile)
      else { continue }
      if let unlock = ControlExercise.unlock(for: now, in: current),
        !unlocks.contains(where: { $0.0 == unlock.id })
      {
        unlocks.append((unlock.id, unlock.manualValue))
      }
      values.append((original.id, original.value))
    }
    return unlocks + values
  }

  /// The second request, from the controls read after the first: every automatic mode whose
  /// value differs from `originals`, back to its original.
  public static func automaticStep(originals: [CameraControl], current: [CameraControl])
    -> [(ControlID, Int64)]
  {
    originals.compactMap { original in
      guard isRestorable(original), isAutomaticMode(original.id),
        let now = current.first(where: { $0.id == original.id }), now.value != original.value
      else { return nil }
      return (original.id, original.value)
    }
  }

  /// The controls of `originals` whose value in `current` differs; when the camera could not
  /// be read at all (`current` nil: it is gone), the `touched` ones, which may have been left
  /// changed.
  public static func leftovers(
    originals: [CameraControl], current: [CameraControl]?, touched: Set<ControlID>
  ) -> [ControlExercise.Leftover] {
    originals.compactMap { original in
      guard isRestorable(original), current != nil || touched.contains(original.id) else {
        return nil
      }
      let now = current?.first(where: { $0.id == original.id })
      guard now?.value != original.value else { return nil }
      // A volatile control (gain under auto gain) changes by itself: not a leftover.
      if let now, now.flags.contains(.volatile) || original.flags.contains(.volatile) {
        return nil
      }
      return ControlExercise.Leftover(
        name: original.commandLineName, original: original.value, current: now?.value)
    }
  }
}
