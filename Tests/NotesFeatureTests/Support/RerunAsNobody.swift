import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Root reads and writes files whatever their mode, so a test of what a permission denies
/// proves nothing as root, and CI runs as root. Such a test calls this first: as root, it runs
/// the same test again in a child, the test binary itself filtered to that one test, as the
/// user `nobody` (`setpriv`, as scripts/unsaved_work.py drops privileges), expects that child to
/// pass it, and returns `true` (the caller then returns); as any other user it returns `false`
/// and the caller runs its body.
///
/// - Parameters:
///   - suite: The suite's type name.
///   - test: The test function's name, without its parentheses.
func reranAsNobody(
  suite: String, test: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Bool {
  guard geteuid() == 0 else { return false }
  let setpriv = "/usr/bin/setpriv"
  try #require(
    FileManager.default.isExecutableFile(atPath: setpriv),
    "running as root, and \(setpriv) is not there to run \(test) as nobody",
    sourceLocation: sourceLocation)
  let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let child = Process()
  child.executableURL = URL(fileURLWithPath: setpriv)
  child.arguments = [
    "--reuid=65534", "--regid=65534", "--clear-groups", binary,
    "--testing-library", "swift-testing", "--filter", "\(suite)/\(test)",
  ]
  let output = Pipe()
  child.standardOutput = output
  child.standardError = output
  child.standardInput = FileHandle.nullDevice
  try child.run()
  let printed = await untilExit(of: child, reading: output.fileHandleForReading)
  #expect(
    child.terminationStatus == 0, "\(test) as nobody failed:\n\(printed)",
    sourceLocation: sourceLocation)
  // The child ran the test (a filter that matched nothing would pass too).
  #expect(
    printed.contains("Test \(test)() passed"), "\(test) did not run as nobody:\n\(printed)",
    sourceLocation: sourceLocation)
  return true
}
