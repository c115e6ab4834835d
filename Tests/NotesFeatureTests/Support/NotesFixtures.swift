import MultiStorePrimitives
import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// The autosave delay every reducer test runs with.
let autosaveDelay = Duration.seconds(1)

extension NotesState {
  /// A state whose notes finished loading: `notes` newest first, the first one selected.
  static func loaded(_ notes: [Note]) -> NotesState {
    var state = NotesState(notes: notes)
    state.loadStatus = .loaded
    return state
  }

  /// Sets the search text and the filter it makes.
  mutating func search(_ text: String) {
    searchText = text
    filter = .matching(text.lowercased(), in: notes)
  }
}

extension NoteFilter {
  /// The filter for `query` over `notes`, every note checked.
  static func matching(_ query: String, in notes: [Note]) -> NoteFilter {
    NoteFilter(
      query: query, matches: Set(notes.filter { NoteFilter.note($0, matches: query) }.map(\.id)))
  }
}

/// A test store for the notes reducer on a test clock, with `storage` injected.
@MainActor
func makeNotesStore(
  _ state: NotesState,
  storage: NotesStorage = .inMemory(),
  clock: TestClock
) -> TestStore<NotesState, NotesAction> {
  let store = TestStore(initialState: state, reducer: NotesReducer()) {
    $0.notesStorage = storage
    $0.notesAutosaveDelay = autosaveDelay
    $0.clock = clock
  }
  // Effects run on other threads: a loaded machine needs more than the default to deliver.
  store.timeout = .seconds(10)
  return store
}

/// Lets the waiting autosave come due and asserts the one save it makes: its action, the save
/// finishing, and the `saved` output. The edits were made while the clock stood still, so the
/// last one is exactly one delay old when the autosave comes due.
@MainActor
func expectAutosave(
  _ store: TestStore<NotesState, NotesAction>,
  clock: TestClock,
  editCount: Int,
  noteCount: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  await clock.advance(by: autosaveDelay)
  await store.receive(
    .internal(.autosaveDue),
    assert: {
      $0.autosavePending = false
      $0.savesInFlight = 1
    }, sourceLocation: sourceLocation)
  await expectSaveFinished(
    store, editCount: editCount, noteCount: noteCount, sourceLocation: sourceLocation)
}

/// Asserts that the one save under way finishes with nothing left unsaved ("Saved") and is
/// reported to the host.
@MainActor
func expectSaveFinished(
  _ store: TestStore<NotesState, NotesAction>,
  editCount: Int,
  noteCount: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  await store.receive(
    .internal(.saveFinished(editCount: editCount)),
    assert: {
      $0.savesInFlight = 0
      $0.savedEditCount = editCount
      $0.status = "Saved"
    }, sourceLocation: sourceLocation)
  await store.receive(.delegate(.saved(noteCount: noteCount)), sourceLocation: sourceLocation)
}

extension NotesAction.InternalAction {
  /// The notes a load found, with no recovery file and nothing refusing writes.
  static func loaded(_ notes: [Note]) -> Self {
    .loaded(LoadedNotes(document: NotesDocument(notes: notes)))
  }
}

/// Notes storage in memory that records every document it writes or keeps, and can be told to
/// fail.
final class RecordingStorage: Sendable {
  private struct State {
    var document: NotesDocument
    var saved: [NotesDocument] = []
    var kept: [NotesDocument] = []
    var removedRecoveries: [String] = []
    var closes = 0
    var failure: NotesStorageError?
    var keepFailure: NotesStorageError?
    var written = -1
  }

  private let state: LockedValue<State>

  init(_ notes: [Note] = []) {
    state = LockedValue(State(document: NotesDocument(notes: notes)))
  }

  /// Every document written, in order.
  var saved: [NotesDocument] { state.withLock { $0.saved } }

  /// Every document kept in a recovery file, in order.
  var kept: [NotesDocument] { state.withLock { $0.kept } }

  /// Every recovery file path the feature asked to remove.
  var removedRecoveries: [String] { state.withLock { $0.removedRecoveries } }

  /// How many times the feature closed the storage (once per stop).
  var closes: Int { state.withLock { $0.closes } }

  /// Makes every later save throw `error` (or succeed again, with `nil`).
  func failSaves(with error: NotesStorageError?) {
    state.withLock { $0.failure = error }
  }

  /// Makes keeping unsaved notes throw `error` (or succeed again, with `nil`).
  func failKeeping(with error: NotesStorageError?) {
    state.withLock { $0.keepFailure = error }
  }

  /// Storage that loads the recorded document and records every save.
  var storage: NotesStorage {
    storage(loading: { LoadedNotes(document: self.state.withLock { $0.document }) })
  }

  /// Storage that loads with `load` and records every save.
  func storage(
    load: @escaping @Sendable () async throws(NotesStorageError) -> NotesDocument
  ) -> NotesStorage {
    storage(loading: { () async throws(NotesStorageError) in
      LoadedNotes(document: try await load())
    })
  }

  /// Storage that loads with `load` (recovery files and refusals included) and records every
  /// save and every kept document; a kept document's recovery path is `recovery-<n>`. Like the
  /// real storages, it skips a save that holds no edit newer than one already written since
  /// the last load.
  func storage(
    loading load: @escaping @Sendable () async throws(NotesStorageError) -> LoadedNotes
  ) -> NotesStorage {
    NotesStorage(
      location: "recording",
      loadNotes: { () async throws(NotesStorageError) in
        self.state.withLock { $0.written = -1 }
        return try await load()
      },
      save: { document, editCount throws(NotesStorageError) in
        try self.state.withLock { state throws(NotesStorageError) in
          if let failure = state.failure { throw failure }
          guard editCount > state.written else { return }
          state.written = editCount
          state.document = document
          state.saved.append(document)
        }
      },
      keepUnsaved: { document throws(NotesStorageError) in
        try self.state.withLock { state throws(NotesStorageError) in
          if let failure = state.keepFailure { throw failure }
          state.kept.append(document)
          return "recovery-\(state.kept.count)"
        }
      },
      removeRecoveries: { paths in self.state.withLock { $0.removedRecoveries += paths } },
      close: { self.state.withLock { $0.closes += 1 } })
  }
}

/// Holds a load back until the test opens the gate, so a test can act while the notes are
/// still loading.
final class LoadGate: Sendable {
  private let opened: AsyncStream<Void>
  private let open: AsyncStream<Void>.Continuation

  init() {
    (opened, open) = AsyncStream.makeStream(of: Void.self)
  }

  /// Lets the waiting load finish.
  func release() {
    open.yield()
    open.finish()
  }

  /// Suspends until ``release()``.
  func wait() async {
    for await _ in opened { break }
  }
}
