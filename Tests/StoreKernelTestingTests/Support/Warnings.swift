import Testing

/// Runs `body` and returns the messages of the warnings it records (issues of severity
/// `.warning`, which do not fail a test), in order. Errors are left to fail the test.
@MainActor
func recordedWarnings(_ body: @MainActor () async -> Void) async -> [String] {
  let warnings = Recorder<String>()
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    guard issue.severity == .warning else { return false }
    warnings.record(issue.message)
    return true
  }
  return warnings.values
}
