import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory under /tmp with a unique name, for tests that touch real files.
struct TemporaryDirectory {
  let path: String

  /// Creates a fresh, empty directory.
  init() throws {
    path = "/tmp/notes-feature-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  /// The path of `name` inside the directory.
  func path(of name: String) -> String { path + "/" + name }

  /// The names of the entries in the directory, or in its subdirectory `name`, sorted.
  func entries(in name: String? = nil) -> [String] {
    let listed = name.map { path(of: $0) } ?? path
    return ((try? FileManager.default.contentsOfDirectory(atPath: listed)) ?? []).sorted()
  }

  /// Writes `bytes` to `name`, replacing it. (Plain POSIX calls: Foundation's `Data.write`
  /// leaves a `TemporaryDirectory.*` folder behind in /tmp on Linux.)
  func write(_ bytes: [UInt8], to name: String) throws {
    let descriptor = open(path(of: name), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    guard writeAll(bytes, to: descriptor) else { throw CocoaError(.fileWriteUnknown) }
  }

  /// The bytes of `name`, or `nil` if it cannot be read.
  func read(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path(of: name)).map { Array($0) }
  }

  /// Removes the directory and everything in it.
  func remove() {
    try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    for entry in entries() {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: path(of: entry))
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Runs `body` with a fresh temporary directory and removes it afterwards, whatever happens.
func withTemporaryDirectory<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (TemporaryDirectory) async throws -> Result
) async throws -> Result {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  return try await body(directory)
}

/// Writes every byte to an open file.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
  bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
}
