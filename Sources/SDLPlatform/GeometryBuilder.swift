// SPDX-License-Identifier: MIT

import CSDL2
import CameraModel
import Glibc
import Overlay

/// Builds triangle lists for `SDL_RenderGeometry`: filled rounded rectangles, circles and
/// rings, each with a one-pixel feathered edge (opaque half a pixel inside the true outline,
/// transparent half a pixel outside), because SDL's geometry has no anti-aliasing of its own.
/// Edges on whole pixels stay crisp: pixel centres fall exactly on the feather's ends.
struct GeometryBuilder {
  /// Vertices so far.
  private(set) var vertices: [SDL_Vertex] = []
  /// Triangle indices into `vertices`, three per triangle.
  private(set) var indices: [Int32] = []
  /// Width of the feathered edge in pixels. SDL 2.26's software rasteriser snaps vertices to
  /// whole pixels (measured: a feather from 9.5 to 10.5 half-covers pixel 9), which turns the
  /// feather into a blur, so the software renderer sets 0: hard edges exactly on the outline.
  var featherWidth: Double = 1
  /// Unit directions around a ring of each segment count drawn so far: the shutter and the
  /// reticle are redrawn every frame, and their sines and cosines do not change.
  private var ringDirections: [Int: [SDL_FPoint]] = [:]

  /// True when nothing has been added since the last `removeAll`.
  var isEmpty: Bool { indices.isEmpty }

  /// Forgets all triangles, keeping the storage.
  mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  /// A filled rectangle with corners rounded by `radius` (clamped to half the shorter side).
  mutating func addRoundedRect(_ rect: Rect, radius: Double, color: Color) {
    guard !rect.isEmpty, color.alpha > 0 else { return }
    let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
    let corners = [
      (rect.maxX - r, rect.maxY - r, 0.0), (rect.minX + r, rect.maxY - r, Double.pi / 2),
      (rect.minX + r, rect.minY + r, Double.pi), (rect.maxX - r, rect.minY + r, 3 * Double.pi / 2),
    ]
    let steps = r > 0 ? max(2, Int((r / 2).rounded(.up))) : 0
    var outline: [(point: SDL_FPoint, normal: SDL_FPoint)] = []
    for (cx, cy, start) in corners {
      for step in 0...steps {
        let angle = start + Double.pi / 2 * Double(step) / Double(max(steps, 1))
        // A square corner still needs a diagonal normal for its feather: √2 reaches the
        // corner of the one-pixel band on both edges.
        let normalLength = r > 0 ? 1.0 : 2.0.squareRoot()
        let direction = r > 0 ? angle : start + Double.pi / 4
        let normal = SDL_FPoint(
          x: Float(cos(direction) * normalLength), y: Float(sin(direction) * normalLength))
        let point = SDL_FPoint(x: Float(cx + r * cos(angle)), y: Float(cy + r * sin(angle)))
        outline.append((point, normal))
        if r == 0 { break }
      }
    }
    addConvexFill(outline, color: color)
  }

  /// An annulus centred on `center`, outer edge at `radius`, `thickness` wide; a filled circle
  /// when `thickness` reaches `radius`.
  mutating func addRing(center: Point, radius: Double, thickness: Double, color: Color) {
    guard radius > 0, thickness > 0, color.alpha > 0 else { return }
    let inner = radius - thickness
    // About one segment per three pixels of circumference keeps the outline smooth.
    let segments = min(max(12, Int((2 * Double.pi * radius / 3).rounded(.up))), 256)
    let directions = self.directions(segments: segments)
    let c = SDL_FPoint(x: Float(center.x), y: Float(center.y))
    if inner <= 0 {
      let outline = directions.map { d in
        (point: SDL_FPoint(x: c.x + d.x * Float(radius), y: c.y + d.y * Float(radius)), normal: d)
      }
      addConvexFill(outline, color: color)
      return
    }
    let half = featherWidth / 2
    let radii = [radius + half, radius - half, inner + half, inner - half].map {
      Float(max($0, 0))
    }
    let alphas: [UInt8] = [0, color.alpha, color.alpha, 0]
    let base = Int32(vertices.count)
    for d in directions {
      for (r, alpha) in zip(radii, alphas) {
        vertices.append(vertex(SDL_FPoint(x: c.x + d.x * r, y: c.y + d.y * r), color, alpha))
      }
    }
    for index in 0..<Int32(segments) {
      let next = (index + 1) % Int32(segments)
      for band in Int32(0)..<3 {
        addQuad(
          base + index * 4 + band, base + index * 4 + band + 1, base + next * 4 + band + 1,
          base + next * 4 + band)
      }
    }
  }

  /// `segments` unit vectors evenly around a circle, from angle 0; computed once per count.
  private mutating func directions(segments: Int) -> [SDL_FPoint] {
    if let known = ringDirections[segments] { return known }
    let directions = (0..<segments).map { index in
      let angle = 2 * Double.pi * Double(index) / Double(segments)
      return SDL_FPoint(x: Float(cos(angle)), y: Float(sin(angle)))
    }
    // At most 245 counts (12…256) can occur, so the table stays small.
    ringDirections[segments] = directions
    return directions
  }

  /// Fills a convex outline given as points with outward unit normals: a fan over the
  /// half-pixel-inset outline plus a feathered strip out to the half-pixel-outset one.
  private mutating func addConvexFill(
    _ outline: [(point: SDL_FPoint, normal: SDL_FPoint)], color: Color
  ) {
    guard outline.count >= 3 else { return }
    let base = Int32(vertices.count)
    let half = Float(featherWidth / 2)
    for (point, normal) in outline {
      let inset = SDL_FPoint(x: point.x - normal.x * half, y: point.y - normal.y * half)
      let outset = SDL_FPoint(x: point.x + normal.x * half, y: point.y + normal.y * half)
      vertices.append(vertex(inset, color, color.alpha))
      vertices.append(vertex(outset, color, 0))
    }
    let count = Int32(outline.count)
    for index in 1..<(count - 1) {
      addTriangle(base, base + index * 2, base + (index + 1) * 2)
    }
    for index in 0..<count where featherWidth > 0 {
      let next = (index + 1) % count
      addQuad(base + index * 2 + 1, base + index * 2, base + next * 2, base + next * 2 + 1)
    }
  }

  private mutating func addQuad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) {
    addTriangle(a, b, c)
    addTriangle(a, c, d)
  }

  /// One append per index: an array literal here would be allocated for every triangle.
  private mutating func addTriangle(_ a: Int32, _ b: Int32, _ c: Int32) {
    indices.append(a)
    indices.append(b)
    indices.append(c)
  }

  private func vertex(_ position: SDL_FPoint, _ color: Color, _ alpha: UInt8) -> SDL_Vertex {
    SDL_Vertex(
      position: position, color: SDL_Color(r: color.red, g: color.green, b: color.blue, a: alpha),
      tex_coord: SDL_FPoint(x: 0, y: 0))
  }
}
