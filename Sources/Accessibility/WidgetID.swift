// SPDX-License-Identifier: MIT
import Overlay

/// The overlay's widget name, under a name of its own: `CameraModel` has a `ControlID` too
/// (a driver control), and this module imports both.
public typealias WidgetID = ControlID
