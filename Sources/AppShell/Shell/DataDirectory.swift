import NotesFeature

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks the data directory before anything is read or written: an explicit one must already
/// be a writable directory; the default one is created if missing.
enum DataDirectory {
  static func prepare(explicit: String?, environment: [String: String]) throws -> String {
    let path: String
    if let explicit {
      path = explicit
    } else {
      path = NotesFeature.defaultDataDirectory(environment: environment)
      var info = stat()
      if stat(path, &info) != 0 {
        if let failure = createDirectories(path) {
          throw ShellError("cannot create the data directory \(path): \(failure)")
        }
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw ShellError("the data directory \(path) does not exist")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw ShellError("the data directory \(path) is not a directory")
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw ShellError("the data directory \(path) is not writable")
    }
    return path
  }

  /// Creates `path` and the directories above it that are missing, each readable by its owner
  /// only; returns why it could not, or `nil`.
  private static func createDirectories(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o700) != 0, errno != EEXIST {
        return String(cString: strerror(errno))
      }
      prefix += "/"
    }
    return nil
  }
}
