import Foundation

/// Where the built `AppShell` executable is: beside the running test binary (both come from the
/// same `swift build`), else in the package's `.build/debug`.
enum AppBinary {
  /// The package root: the nearest folder above this file that holds `Package.swift`.
  static func packageRoot(from file: String = #filePath) -> URL {
    var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    while directory.path != "/" {
      let manifest = directory.appendingPathComponent("Package.swift")
      if FileManager.default.fileExists(atPath: manifest.path) { return directory }
      directory.deleteLastPathComponent()
    }
    return directory
  }

  /// The places looked at, in order.
  static var candidates: [String] {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
    return [
      testBinary.deletingLastPathComponent().appendingPathComponent("AppShell").path,
      packageRoot().appendingPathComponent(".build/debug/AppShell").path,
    ]
  }

  /// The first candidate that is an executable file, if any.
  static var path: String? {
    candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
