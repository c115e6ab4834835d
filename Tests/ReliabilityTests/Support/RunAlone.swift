import Foundation
import Testing

/// Runs one test alone in a child process (the test binary itself, filtered to that test), so
/// that what it measures of the process (its resident memory) is its own and not that of the
/// suites running beside it. The test calls this first: in the child (where `RELIABILITY_ALONE`
/// names it) this returns `nil` and the test goes on to do its work; in the parent it returns
/// the child's exit status and what it printed, for the parent to check. (FeatureBridgeTests,
/// StoreKernelTests and StoreKernelTestingTests use this file through a symbolic link in their
/// `Support` folders, and so do NotesFeatureTests, CounterFeatureTests and AppShellTests.)
///
/// - Parameters:
///   - suite: The suite's type name.
///   - test: The test function's name, without its parentheses.
/// - Returns: `nil` in the child; in the parent, how the child ended and its output.
func runAlone(suite: String, test: String) async throws -> (status: Int32, printed: String)? {
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
  let printed = await untilExit(of: child, reading: output.fileHandleForReading)
  return (child.terminationStatus, printed)
}

/// Waits for `child` to end and returns what it wrote to `output`, reading and waiting on a
/// thread of their own: a child runs for seconds, and blocking one of the concurrency pool's
/// threads (two on a 2-core machine) for that long stalls every test running beside it.
/// (NotesFeatureTests, CounterFeatureTests and StoreKernelTests use this for their children
/// too.)
func untilExit(of child: Process, reading output: FileHandle) async -> String {
  await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
    Thread.detachNewThread {
      let printed = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
      // The output ends when the child closes it, at its exit: what is left is at most the
      // kernel reaping it.
      child.waitUntilExit()
      done.resume(returning: printed)
    }
  }
}

/// ``runAlone(suite:test:)`` for a test that checks, in the parent, only that the child passed:
/// `true` in the parent (the test returns), `false` in the child (the test does its work).
func ranAlone(
  suite: String, test: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Bool {
  guard let child = try await runAlone(suite: suite, test: test) else { return false }
  // What the child measured (its `ResidentMemory.report`), shown in the parent's output too.
  for line in child.printed.split(separator: "\n") where line.hasPrefix(ResidentMemory.prefix) {
    print(line)
  }
  #expect(
    child.status == 0, "the test failed alone:\n\(child.printed)", sourceLocation: sourceLocation)
  #expect(
    child.printed.contains("1 test"), "the child ran no test:\n\(child.printed)",
    sourceLocation: sourceLocation)
  return true
}

/// The process's resident memory, read from `/proc/self/status`: what a test that runs alone
/// measures, and reports.
enum ResidentMemory {
  /// Starts each line ``report(_:start:afterWarmUp:)`` prints; ``ranAlone(suite:test:sourceLocation:)``
  /// shows the child's lines that start with it.
  static let prefix = "resident memory of "

  /// Resident memory now (`VmRSS`), in bytes.
  static var current: Int? { field("VmRSS:") }

  /// The most resident memory the process has had (`VmHWM`, its high-water mark), in bytes.
  static var peak: Int? { field("VmHWM:") }

  private static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      // "VmRSS:\t   12345 kB"
      let value = line.dropFirst(name.count).split { $0 == " " || $0 == "\t" }.first
      guard let kilobytes = Int(value ?? "") else { return nil }
      return kilobytes * 1_024
    }
    return nil
  }

  /// Prints what a test measured: resident memory at its start, after its warm-up, and now,
  /// and the process's peak.
  static func report(_ test: String, start: Int?, afterWarmUp: Int?) {
    func megabytes(_ bytes: Int?) -> String {
      guard let bytes else { return "?" }
      let tenths = (bytes * 10 + (1 << 19)) >> 20
      return "\(tenths / 10).\(tenths % 10) MB"
    }
    print(
      "\(prefix)\(test): \(megabytes(start)) at the start, \(megabytes(afterWarmUp)) after "
        + "the warm-up, \(megabytes(current)) at the end, peak \(megabytes(peak))")
  }
}
