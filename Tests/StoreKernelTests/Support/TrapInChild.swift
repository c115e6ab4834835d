import Foundation
import Testing

/// What a test that traps on purpose does, run in a child process: the test binary itself,
/// filtered to that one test, with `STOREKERNEL_TRAP` set to `scenario`. The test calls this
/// first; in the child (where the variable is set) it returns `nil` and the test goes on to do
/// the misuse, which traps; in the parent it returns how the child ended and what it printed.
///
/// - Parameters:
///   - scenario: Names the misuse, for the child.
///   - suite: The suite's type name.
///   - test: The test function's name, without its parentheses.
/// - Returns: `nil` in the child; in the parent, the child's exit and its standard error.
func trapInChild(
  _ scenario: String, suite: String, test: String
) async throws -> (signaled: Bool, printed: String)? {
  if ProcessInfo.processInfo.environment["STOREKERNEL_TRAP"] == scenario { return nil }
  let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let child = Process()
  child.executableURL = URL(fileURLWithPath: binary)
  child.arguments = ["--testing-library", "swift-testing", "--filter", "\(suite)/\(test)"]
  // Without the runtime's backtracer: under ThreadSanitizer, its suspending every thread while
  // the trap is handled raced the sanitizer's own crash handling, and the child then exited
  // with a sanitizer error instead of the trap's signal (one CI run in several). The trap's
  // message is printed before either runs.
  child.environment = ProcessInfo.processInfo.environment.merging(
    ["STOREKERNEL_TRAP": scenario, "SWIFT_BACKTRACE": "enable=no"], uniquingKeysWith: { $1 })
  let output = Pipe()
  child.standardOutput = FileHandle.nullDevice
  child.standardError = output
  child.standardInput = FileHandle.nullDevice
  try child.run()
  let printed = await untilExit(of: child, reading: output.fileHandleForReading)
  return (child.terminationReason == .uncaughtSignal, printed)
}
