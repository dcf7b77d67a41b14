// SPDX-License-Identifier: MIT

/// A camera with something to say about its controls that the list itself cannot: that it
/// offers none through the way Pinhole reaches it, or that the values shown are not read back.
///
/// Capture thread only, like the device.
public protocol ControlRemarking {
  /// One or two sentences for under the control listing; nil when there is nothing to add.
  var controlRemark: String? { get }
}
