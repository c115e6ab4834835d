import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// The editing keys in the list, while no note is open in the editor: they edit a field being
/// typed, and nothing else.
@MainActor
@Suite struct NotesReducerBrowsingKeysTests {
  let clock = TestClock()

  @Test func typingWhileBrowsingChangesNothing() async {
    let store = makeNotesStore(
      .loaded([Note(id: 1, title: "Note", body: "a", revision: 1)]), clock: clock)
    await store.send(.view(.textInserted("x")))
    await store.send(.view(.newlineTapped))
    await store.send(.view(.backspaceTapped))
    await store.send(.view(.deleteTapped))
    await store.send(.view(.deleteWordBackwardTapped))
    await store.send(.view(.deleteWordForwardTapped))
    await store.send(.view(.cursorMoved(.left)))
    await store.finish()
  }
}
