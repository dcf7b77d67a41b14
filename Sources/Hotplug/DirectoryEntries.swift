// SPDX-License-Identifier: MIT
#if canImport(Glibc)
  import Glibc
#endif

/// Lists a directory's entry names, for /proc and /dev scans.
enum DirectoryEntries {
  /// The names in `directory` other than "." and "..", in directory order; empty when it
  /// cannot be read (gone, not a directory, not permitted). Any thread.
  static func names(in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
