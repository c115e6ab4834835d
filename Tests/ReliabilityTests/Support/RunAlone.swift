import Foundation
import Testing

/// Runs one test alone in a child process (the test binary itself, filtered to that test), so
/// that what it measures of the process (its resident memory) is its own and not that of the
/// suites running beside it. The test calls this first: in the child (where `RELIABILITY_ALONE`
/// names it) this returns `nil` and the test goes on to do its work; in the parent it returns
/// the child's exit status and what it printed, for the parent to check.
///
/// - Parameters:
///   - suite: The suite's type name.
///   - test: The test function's name, without its parentheses.
/// - Returns: `nil` in the child; in the parent, how the child ended and its output.
func runAlone(suite: String, test: String) throws -> (status: Int32, printed: String)? {
  let name = "\(suite)/\(test)"
  if ProcessInfo.processInfo.environment["RELIABILITY_ALONE"] == name { return nil }
  let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let child = Process()
  child.executableURL = URL(fileURLWithPath: binary)
  child.arguments = ["--testing-library", "swift-testing", "--filter", name]
  child.environment = ProcessInfo.processInfo.environment.merging(
    ["RELIABILITY_ALONE": name], uniquingKeysWith: { $1 })
  let output = Pipe()
  child.standardOutput = output
  child.standardError = output
  child.standardInput = FileHandle.nullDevice
  try child.run()
  let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  child.waitUntilExit()
  return (child.terminationStatus, printed)
}

/// ``runAlone(suite:test:)`` for a test that checks, in the parent, only that the child passed:
/// `true` in the parent (the test returns), `false` in the child (the test does its work).
func ranAlone(
  suite: String, test: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
  guard let child = try runAlone(suite: suite, test: test) else { return false }
  #expect(
    child.status == 0, "the test failed alone:\n\(child.printed)", sourceLocation: sourceLocation)
  #expect(
    child.printed.contains("1 test"), "the child ran no test:\n\(child.printed)",
    sourceLocation: sourceLocation)
  return true
}
