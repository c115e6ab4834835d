import StoreKernelTesting
import Testing

/// Runs `body` expecting it to record issues, and returns their messages so the test can assert
/// exactly which failures fired. Fails the test when `body` records none.
@MainActor
func knownIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async -> [String] {
  let issues = Recorder<String>()
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    issues.record(issue.message)
    return true
  }
  return issues.values
}

/// Drops the actions effects sent without a report: the cleanup of a test about a failure,
/// whose issues it counts.
@MainActor func skipReceivedActionsQuietly<State, Action>(of store: TestStore<State, Action>) {
  store.withExhaustivity(.off) { store.skipReceivedActions(strict: false) }
}
