// SPDX-License-Identifier: MIT
import Lighting

#if canImport(Glibc)
  import Glibc
#endif

/// Answers `MediaTopologyReader` from a table of graphs by node path; other paths fail with
/// ENOENT as a missing node would. Records the paths asked for.
final class ScriptedTopologyReader: MediaTopologyReader {
  var graphs: [String: MediaTopology]
  private(set) var asked: [String] = []

  init(_ graphs: [String: MediaTopology] = [:]) { self.graphs = graphs }

  func topology(ofMediaDevice path: String) throws(FlashError) -> MediaTopology {
    asked.append(path)
    guard let graph = graphs[path] else {
      throw .mediaController(call: "open", device: path, errno: ENOENT)
    }
    return graph
  }
}
