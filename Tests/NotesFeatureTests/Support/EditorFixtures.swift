import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

extension NoteEditorState {
  /// The editor open on one note with `body`, the cursor at UTF-8 offset `cursor`, nothing cut
  /// or found before.
  static func editing(_ body: String, cursor: Int) -> NoteEditorState {
    NoteEditorState(
      NoteEditing(note: Note(id: 1, title: "Note", body: body, revision: 1), cursor: cursor))
  }
}

/// A test store for the note editor's reducer on a test clock, reporting typing pauses after
/// ``autosaveDelay``.
@MainActor
func makeEditorStore(
  _ state: NoteEditorState, clock: TestClock
) -> TestStore<NoteEditorState, NoteEditorAction> {
  let store = TestStore(initialState: state, reducer: NoteEditorReducer()) {
    $0.notesAutosaveDelay = autosaveDelay
    $0.clock = clock
  }
  // Effects run on other threads: a loaded machine needs more than the default to deliver.
  store.timeout = .seconds(10)
  return store
}

/// Lets the armed report timer fire and asserts the one report it makes: the timer's action,
/// then the note as it stands handed to the list (`changed`). The edits were made while the
/// clock stood still, so the last one is exactly one delay old when the timer fires.
@MainActor
func expectReport(
  _ store: TestStore<NoteEditorState, NoteEditorAction>,
  clock: TestClock,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  await clock.advance(by: autosaveDelay)
  await store.receive(
    .internal(.reportTimerFired),
    assert: {
      $0.reportArmed = false
      $0.unreported = nil
    }, sourceLocation: sourceLocation)
  await store.receive(
    .delegate(.changed(store.state.editing)), sourceLocation: sourceLocation)
}

/// Stops the editor as its feature does (`flush`), which cancels the armed report timer, and
/// asserts the note it hands the list as it closes, edited since the last report; then that no
/// effect is left running.
@MainActor
func expectFlush(
  _ store: TestStore<NoteEditorState, NoteEditorAction>,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  await store.send(
    .internal(.flush),
    assert: {
      $0.reportArmed = false
      $0.unreported = nil
    }, sourceLocation: sourceLocation)
  await store.receive(
    .delegate(.closed(store.state.editing, edited: true)), sourceLocation: sourceLocation)
  await store.finish(sourceLocation: sourceLocation)
}

/// The unreported edits as the editor records them when they are all made at `clock`'s now.
func editsNow(_ clock: TestClock) -> UnsavedEdits {
  UnsavedEdits(at: ClockMoment(clock.now))
}
