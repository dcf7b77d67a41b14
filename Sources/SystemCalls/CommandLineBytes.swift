// SPDX-License-Identifier: MIT

#if canImport(Glibc)
  import Glibc
#endif

/// The command line as the kernel passed it: bytes, which need not be UTF-8.
///
/// `CommandLine.arguments` decodes each argument as UTF-8 and replaces a stray byte with U+FFFD,
/// after which a file name given on the command line (`-o`, `--snapshot`, `--record`,
/// `--scan`) names a different file. These strings keep every byte, as folder listings do
/// (`FileNameBytes`): paths made from them reach system calls through
/// `FileNameBytes.withCString`. Any thread.
public enum CommandLineBytes {
  /// The arguments after the program name, each byte kept.
  public static var arguments: [String] {
    let count = Int(CommandLine.argc)
    return (1..<max(count, 1)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return "" }
      let length = strlen(argument)
      return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
        FileNameBytes.string(UnsafeBufferPointer(start: $0, count: length))
      }
    }
  }

  /// Makes the folder at `path` and any missing parents, like `mkdir -p`, with each byte of
  /// the name kept. Returns 0, or the errno of the first `mkdir` that failed for another reason
  /// than the folder being there.
  public static func makeFolders(_ path: String) -> Int32 {
    let bytes = FileNameBytes.bytes(path)
    var ends: [Int] = []
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") && index > 0 {
      ends.append(index)
    }
    ends.append(bytes.count)
    for end in ends where end > 0 {
      let prefix = FileNameBytes.string(bytes[..<end])
      let result = FileNameBytes.withCString(prefix) { mkdir($0, 0o755) }
      guard result != 0 else { continue }
      let code = errno
      guard code == EEXIST else { return code }
    }
    return 0
  }
}
