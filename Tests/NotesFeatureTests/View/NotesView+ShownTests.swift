import FeatureBridge
import StoreKernel
import Synchronization
import TerminalUI
import Testing

@testable import NotesFeature
@testable import NotesTerminalView

/// A render reads what it draws through tracked reads: whatever changes what it draws makes the
/// renderer draw again, whichever part of the state it is, and a change to nothing it draws
/// does not. (A render key kept by hand missed the first three: none of them moves the key's
/// edit count, note count, mode or search text.)
@MainActor
@Suite struct NotesViewShownTests {
  /// Counts the redraws that tracked renders asked for.
  final class Redraws: Sendable {
    private let count = Atomic(0)
    var total: Int { count.load(ordering: .relaxed) }
    func request() { count.add(1, ordering: .relaxed) }
  }

  /// Renders a notes view over `state` under tracking, makes `change` through the store (every
  /// view action makes it, and nothing else), and returns how many redraws were asked for and
  /// the frame drawn after the change.
  func redraws(
    from state: NotesState, after change: @escaping (inout NotesState) -> Void
  ) -> (count: Int, frame: [String]) {
    let store = Store(
      initialState: state,
      reducer: Reduce<NotesState, NotesAction> { state, _ in
        change(&state)
        return .none
      })
    let view = NotesView(store: ViewStore(store))
    let redraws = Redraws()
    _ = TerminalRendering.render(view, width: 80, height: 10) { redraws.request() }
    view.store.send(.saveTapped)
    return (redraws.total, view.render(width: 80, height: 10))
  }

  static func twoNotes() -> NotesState {
    NotesState(notes: [
      Note(id: 1, title: "One", revision: 2), Note(id: 2, title: "Two", revision: 1),
    ])
  }

  @Test func aTitleChangedAloneRedraws() {
    let (count, frame) = redraws(from: Self.twoNotes()) { $0.notes[1].title = "Renamed" }
    #expect(count == 1)
    #expect(frame.contains { $0.contains("Renamed") }, "\(frame)")
  }

  @Test func theFiltersMatchesChangedAloneRedraw() {
    var state = Self.twoNotes()
    state.searchText = "o"
    state.filter = NoteFilter(query: "o", matches: [1, 2])
    let (count, frame) = redraws(from: state) { $0.filter?.matches.remove(2) }
    #expect(count == 1)
    #expect(frame[0].hasPrefix("Notes (1 of 2)"), "\(frame)")
  }

  @Test func anotherQuestionAskedRedraws() {
    var state = Self.twoNotes()
    state.confirmation = NotesReducer.deleteConfirmation(of: state.notes[0])
    let (count, frame) = redraws(from: state) {
      $0.confirmation = NotesReducer.deleteConfirmation(of: $0.notes[1])
    }
    #expect(count == 1)
    #expect(frame.last?.contains("Delete “Two”?") == true, "\(frame)")
  }

  @Test func aChangeToNothingDrawnDoesNotRedraw() {
    let (count, _) = redraws(from: Self.twoNotes()) {
      $0.cutBuffer = "cut"
      $0.lastFind = "found"
      $0.nextRevision += 1
    }
    #expect(count == 0)
  }
}
