import Foundation
import NotesFeature

/// Checks the data directory before anything is read or written: an explicit one must already
/// be a writable directory; the default one is created if missing.
enum DataDirectory {
  static func prepare(explicit: String?, environment: [String: String]) throws -> String {
    let path: String
    if let explicit {
      path = explicit
    } else {
      path = NotesFeature.defaultDataDirectory(environment: environment)
      if !FileManager.default.fileExists(atPath: path) {
        do {
          try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
          throw ShellError(
            "cannot create the data directory \(path): \(error.localizedDescription)")
        }
      }
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ShellError("the data directory \(path) does not exist")
    }
    guard isDirectory.boolValue else {
      throw ShellError("the data directory \(path) is not a directory")
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw ShellError("the data directory \(path) is not writable")
    }
    return path
  }
}
