// SPDX-License-Identifier: MIT

extension SimulatedScene {
  /// The depth seen at normalised point (`x`, `y`) at `seconds` of stream time: the nearest
  /// object whose outline covers the point, or 1 (the backdrop) where none does.
  ///
  /// `aspectRatio` is the frame's width / height, needed because object sizes are fractions
  /// of the height. The simulated lens's continuous autofocus aims at the depth under the
  /// frame centre.
  public func depth(atX x: Double, y: Double, seconds: Double, aspectRatio: Double) -> Double {
    var nearest = 1.0
    for object in objects where object.depth < nearest {
      let position = object.motion.position(at: seconds)
      let dx = abs(x - position.x) * aspectRatio
      let dy = abs(y - position.y)
      let half = object.size / 2
      let covers: Bool
      switch object.shape {
      case .disc, .siemensStar: covers = dx * dx + dy * dy <= half * half
      case .rectangle(let aspect): covers = dx <= half * aspect && dy <= half
      case .checkerboard: covers = dx <= half && dy <= half
      }
      if covers { nearest = object.depth }
    }
    return nearest
  }
}
