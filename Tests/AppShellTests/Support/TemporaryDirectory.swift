import Foundation

/// A fresh, empty directory under the system's temporary directory; `remove()` deletes it.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("AppShellTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
