import StoreKernel
import StoreKernelTesting
import Testing

@testable import NotesFeature

/// nano's keys as nano means them, in the editor's logic: the last line's cut, Home and End on
/// wrapped rows, the mark, replace, go to line, Ctrl-C, and Ctrl-X's and Ctrl-O's questions.
/// Not exhaustive: each test checks the text, the cursor, the mode and what the status line
/// says (the report timer's bookkeeping is the editing tests').
@MainActor
@Suite struct NoteEditorReducerNanoPromptsTests {
  let clock = TestClock()

  func makeStore(_ body: String, cursor: Int) -> TestStore<NoteEditorState, NoteEditorAction> {
    let store = makeEditorStore(.editing(body, cursor: cursor), clock: clock)
    store.exhaustivity = .off(showSkippedAssertions: false)
    return store
  }

  func type(_ text: String, into store: TestStore<NoteEditorState, NoteEditorAction>) async {
    for character in text { await store.send(.view(.textInserted(String(character)))) }
  }

  @Test func aCutOfTheLastLinePastesAsALineOfItsOwn() async {
    let store = makeStore("a\nb\nlast", cursor: 5)
    await store.send(.view(.cutLineTapped)) {
      $0.note.body = "a\nb\n"
      $0.cutBuffer = "last\n"
    }
    await store.send(.view(.cursorMovedByRows(-1, width: 40))) { $0.cursor = 2 }
    await store.send(.view(.pasteCutTapped)) { $0.note.body = "a\nlast\nb\n" }
  }

  @Test func homeAndEndGoToTheRowsEndsFirstThenTheLines() async {
    // Four columns: rows "abcd", "efgh", "ij".
    let store = makeStore("abcdefghij", cursor: 5)
    await store.send(.view(.homeTapped(width: 4))) { $0.cursor = 4 }
    await store.send(.view(.homeTapped(width: 4))) { $0.cursor = 0 }
    await store.send(.view(.endTapped(width: 4))) { $0.cursor = 3 }
    await store.send(.view(.endTapped(width: 4))) { $0.cursor = 10 }
    await store.send(.view(.homeTapped(width: 4))) { $0.cursor = 8 }
  }

  @Test func upOnTheFirstLineAndDownOnTheLastStayPut() async {
    let store = makeStore("one\ntwo", cursor: 1)
    await store.send(.view(.cursorMovedByRows(-1, width: 40)))
    #expect(store.state.cursor == 1)
    await store.send(.view(.cursorMovedByRows(1, width: 40))) { $0.cursor = 5 }
    await store.send(.view(.cursorMovedByRows(1, width: 40)))
    #expect(store.state.cursor == 5)
  }

  @Test func theMarkMakesCtrlKCutAndAlt6CopyTheRegion() async {
    let store = makeStore("one two three", cursor: 4)
    await store.send(.view(.markTapped)) {
      $0.mark = 4
      $0.notice = "Mark Set"
    }
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 8 }
    await store.send(.view(.copyLineTapped)) {
      $0.mark = nil
      $0.cutBuffer = "two "
    }
    #expect(store.state.note.body == "one two three")
    await store.send(.view(.markTapped)) { $0.mark = 8 }
    await store.send(.view(.cursorMoved(.textStart))) { $0.cursor = 0 }
    await store.send(.view(.cutLineTapped)) {
      $0.mark = nil
      $0.note.body = "three"
      $0.cutBuffer = "one two "
    }
    await store.send(.view(.markTapped)) { $0.notice = "Mark Set" }
    await store.send(.view(.markTapped)) { $0.notice = "Mark Unset" }
  }

  @Test func replaceAsksAboutEachMatchAndCountsWhatItReplaced() async {
    let store = makeStore("cat cat cat", cursor: 0)
    await store.send(.view(.replaceTapped)) { $0.mode = .replacing(draft: "") }
    await type("cat", into: store)
    await store.send(.view(.newlineTapped)) {
      $0.mode = .replacingWith(query: "cat", draft: "")
    }
    await type("dog", into: store)
    await store.send(.view(.newlineTapped))
    #expect(store.state.cursor == 0)
    await store.send(.view(.textInserted("y"))) { $0.cursor = 4 }
    await store.send(.view(.textInserted("n"))) { $0.cursor = 8 }
    // The cursor goes back to where the replace began.
    await store.send(.view(.textInserted("y"))) {
      $0.note.body = "dog cat dog"
      $0.mode = .editing
      $0.cursor = 0
      $0.notice = "Replaced 2 occurrences"
    }
    // From the middle: on to the end, then from the top back to where it began; `a` for all.
    await store.send(.view(.cursorMoved(.wordRight))) { $0.cursor = 4 }
    await store.send(.view(.replaceTapped))
    await type("DOG", into: store)
    await store.send(.view(.newlineTapped))
    await type("x", into: store)
    await store.send(.view(.newlineTapped)) { $0.cursor = 8 }
    // The replacement before where it began moved that place: it is still before "cat".
    await store.send(.view(.textInserted("a"))) {
      $0.note.body = "x cat x"
      $0.mode = .editing
      $0.cursor = 2
      $0.notice = "Replaced 2 occurrences"
    }
    await store.send(.view(.replaceTapped))
    await type("bird", into: store)
    await store.send(.view(.newlineTapped))
    await store.send(.view(.newlineTapped)) {
      $0.mode = .editing
      $0.notice = "“bird” not found"
    }
  }

  @Test func goToLineTakesALineAndAColumnOrCountsFromTheEnd() async {
    let store = makeStore("a\nbb\nccc", cursor: 0)
    await store.send(.view(.goToLineTapped)) { $0.mode = .goingToLine(draft: "") }
    await type("3,2", into: store)
    await store.send(.view(.newlineTapped)) {
      $0.mode = .editing
      $0.cursor = 6
    }
    await store.send(.view(.goToLineTapped))
    await type("-2,9", into: store)
    await store.send(.view(.newlineTapped)) { $0.cursor = 4 }
    // Without a column, the cursor's: the third line's third.
    await store.send(.view(.goToLineTapped))
    await type("3", into: store)
    await store.send(.view(.newlineTapped)) { $0.cursor = 7 }
    await store.send(.view(.goToLineTapped))
    await type("x", into: store)
    await store.send(.view(.newlineTapped)) { $0.notice = "Invalid line or column number" }
    #expect(store.state.cursor == 7)
  }

  @Test func ctrlCSaysWhereTheCursorIsAndCancelsAPrompt() async {
    let store = makeStore("a\nb\nlast", cursor: 3)
    await store.send(.view(.cancelTapped)) {
      $0.notice = "line 2/3 (66%), col 2/2 (100%), char 3/8 (37%)"
    }
    await store.send(.view(.findTapped)) { $0.mode = .finding(draft: "") }
    await store.send(.view(.cancelTapped)) {
      $0.mode = .editing
      $0.notice = "Cancelled"
    }
    await store.send(.view(.writeOutTapped)) { $0.mode = .writing(thenClose: false) }
    await store.send(.view(.textInserted("x")))
    await store.send(.view(.cancelTapped)) {
      $0.mode = .editing
      $0.notice = "Cancelled"
    }
    #expect(store.state.note.body == "a\nb\nlast")
  }

  @Test func ctrlOThenEnterSavesWithoutAStrayLineBreak() async {
    let store = makeStore("text", cursor: 4)
    await store.send(.view(.writeOutTapped)) { $0.mode = .writing(thenClose: false) }
    await store.send(.view(.newlineTapped)) { $0.mode = .editing }
    await store.receive(.delegate(.saveRequested(store.state.editing, edited: false)))
    #expect(store.state.note.body == "text")
  }

  @Test func ctrlXAsksAfterAChangeAndYesSavesAndCloses() async {
    let store = makeStore("text", cursor: 4)
    // Unchanged, it closes at once.
    #expect(!store.state.changedSinceSave)
    await store.send(.view(.textInserted("!")))
    await store.send(.view(.exitTapped)) { $0.mode = .askingToSave }
    await store.send(.view(.textInserted("y"))) { $0.mode = .writing(thenClose: true) }
    await store.send(.view(.newlineTapped)) { $0.mode = .editing }
    await store.receive(.delegate(.saveRequested(store.state.editing, edited: true)))
    await store.receive(.delegate(.closed(store.state.editing, edited: false)))
    #expect(store.state.note.body == "text!")
  }

  @Test func ctrlXNoUndoesTheChangesSoRedoBringsThemBack() async {
    let store = makeStore("text", cursor: 4)
    await type(" more", into: store)
    await store.send(.view(.exitTapped)) { $0.mode = .askingToSave }
    await store.send(.view(.textInserted("n"))) {
      $0.mode = .editing
      $0.note.body = "text"
    }
    await store.receive(.delegate(.discarded(store.state.editing)))
    #expect(!store.state.history.redo.isEmpty)
    // Saved, the question is not asked: Ctrl-X closes.
    let reopened = makeStore("text", cursor: 4)
    await type("!", into: reopened)
    await reopened.send(.view(.saveTapped))
    #expect(!reopened.state.changedSinceSave)
    await reopened.send(.view(.exitTapped))
    #expect(reopened.state.mode == .editing)
  }
}
