import Capture
// SPDX-License-Identifier: MIT
import SystemCalls

extension Dictionary where Value == [Int32] {
  /// Throws the first errno still scripted for `key` and forgets it; returns when none is
  /// left, so the call goes on to succeed. The fake kernels' "fail N times, then answer".
  mutating func throwNextScriptedError(for key: Key) throws(SystemCallError) {
    guard var queue = self[key], !queue.isEmpty else { return }
    let code = queue.removeFirst()
    self[key] = queue
    throw SystemCallError(call: "ioctl", errno: code)
  }
}
