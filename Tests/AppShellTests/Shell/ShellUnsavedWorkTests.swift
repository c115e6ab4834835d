import Testing

@testable import AppShell

/// What the shell tells the user at exit about work that could not be saved: every recovery
/// file that still holds some, and every loss.
@Suite struct ShellUnsavedWorkTests {
  /// A feature that keeps its unsaved work anew (the notes, while their file must not be
  /// written) removed the file before: only its newest file is reported.
  @Test func onlyAFeaturesNewestRecoveryFileIsReported() {
    var state = ShellState(badges: ["", ""], activeTab: 0)
    let shell = ShellReducer()
    for (index, work) in [
      (0, UnsavedWork.kept(path: "first")), (1, .kept(path: "the other feature's")),
      (0, .kept(path: "second")), (0, .lost(reason: "no space left")),
    ] {
      _ = shell.reduce(into: &state, action: .feature(index, .unsaved(work)))
    }
    #expect(
      state.unsaved == [
        .kept(path: "the other feature's"), .kept(path: "second"),
        .lost(reason: "no space left"),
      ])
    #expect(state.status == ShellState.errorPrefix + "no space left")
  }
}
