import Foundation

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

  /// Writes `bytes` to `name`, replacing it.
  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path(of: name)))
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
