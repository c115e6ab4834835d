import Foundation
import Testing

/// nano's keys in the real terminal, through tmux, one test per row of docs/app.md's table:
/// each key's effect read back from the screen or from the saved file.
@Suite(.enabled(if: TmuxServer.executable != nil, "needs tmux on PATH (CI installs it)"))
struct NanoKeysTerminalTests {
  @Test func ctrlKCutsLinesCtrlUPastesThemAndAlt6CopiesOne() async throws {
    let app = try await TmuxApp(notes: [("Lines", "one\ntwo\nthree")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e")
    try await app.expectScreen("EDITING")
    // Two cuts one after another gather both lines; a paste at the end brings them back.
    try await app.tmux.press("C-k", "C-k")
    try await app.expectGone("│ two")
    try await app.tmux.press("C-End", "Enter", "C-u")
    try await app.expectScreen("│ three", "│ one", "│ two")
    // Alt-6 copies the line under the cursor and moves down; Ctrl-U pastes it there.
    try await app.tmux.press("C-Home", "M-6", "C-u")
    try await app.expectScreen("Ln 3/")
    try await app.tmux.press("C-s")
    try await app.expectScreen("Saved")
    try await app.tmux.press("C-x")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.body) == ["three\nthree\none\ntwo\n"])
  }

  @Test func ctrlOAsksForTheFileNameEnterSavesCtrlGShowsTheHelpAndCtrlXClosesIt() async throws {
    let app = try await TmuxApp(notes: [("Note", "text")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-End")
    try await app.tmux.type(" more")
    // (Not "Modified": on a loaded machine the autosave may have said "Saved" already.)
    try await app.expectScreen("│ text more")
    // nano's prompt: Ctrl-C cancels it, and Enter saves, with no line break in the note.
    try await app.tmux.press("C-o")
    try await app.expectScreen("File Name to Write: notes.json")
    try await app.tmux.press("C-c")
    try await app.expectScreen("EDITING  Cancelled")
    try await app.tmux.press("C-o", "Enter")
    try await app.expectScreen("EDITING  Saved")
    #expect(try app.savedNotes().map(\.body) == ["text more"])
    try await app.tmux.press("C-g")
    try await app.expectScreen("show or hide this help")
    try await app.tmux.press("C-x")
    try await app.expectGone("show or hide this help")
    try await app.expectScreen("EDITING")
  }

  @Test func deletingANoteAsksFirstInTheStatusLine() async throws {
    let app = try await TmuxApp(notes: [("Keep me", "a"), ("Drop me", "b")])
    defer { app.close() }
    try await app.expectScreen("Notes (2)")
    try await app.tmux.press("d")
    try await app.expectScreen("CONFIRM  Delete “", "y: Delete  n: Keep")
    // Esc keeps it; asked again, y deletes it, and u brings it back.
    try await app.tmux.press("Escape")
    try await app.expectGone("CONFIRM")
    try await app.expectScreen("BROWSING", "Notes (2)")
    try await app.tmux.press("d", "y")
    // The next note is selected, and the hint to undo shows until the next key (the autosave's
    // "Saved" a second later does not replace it).
    try await app.expectScreen("Notes (1)", "▸ Drop me", "Deleted “Keep me”: u to undo")
    try await app.tmux.press("u")
    // The restored note comes back selected.
    try await app.expectScreen("Notes (2)", "▸ Keep me", "Restored “Keep me”")
    try await app.tmux.press("d")
    try await app.expectScreen("CONFIRM")
    try await app.tmux.press("n")
    try await app.expectGone("CONFIRM")
    try await app.expectScreen("BROWSING", "Notes (2)")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().count == 2)
  }

  @Test func ctrlXLeavesTheEditorAndQuitsFromTheList() async throws {
    let app = try await TmuxApp()
    defer { app.close() }
    try await app.expectScreen("No notes: n to create one")
    try await app.tmux.press("n")
    try await app.tmux.type("typed")
    try await app.expectScreen("│ typed")
    // Changed, the note is asked about as nano asks: y, then Enter at the file name.
    try await app.tmux.press("C-x")
    try await app.expectScreen("Save modified buffer?")
    try await app.tmux.press("y", "Enter")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("C-x")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.body) == ["typed"])
  }

  /// Every quit key docs/app.md lists ends the app with status 0 and the notes saved first.
  @Test(arguments: ["q", "C-x", "C-c", "C-q", "C-d"])
  func eachQuitKeySavesAndExitsWithZero(key: String) async throws {
    let app = try await TmuxApp()
    defer { app.close() }
    try await app.expectScreen("No notes: n to create one")
    try await app.tmux.press("n")
    try await app.tmux.type("typed before \(key)")
    try await app.expectScreen("│ typed before \(key)")
    // Escape and a letter in one read would be Alt and that letter: quit once Escape took.
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press(key)
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.body) == ["typed before \(key)"])
  }

  @Test func ctrlWFindsInTheNoteAndSearchesFromTheList() async throws {
    let app = try await TmuxApp(notes: [("Recipe", "apples\npears\nmore apples"), ("Other", "x")])
    defer { app.close() }
    try await app.expectScreen("Notes (2)")
    try await app.tmux.press("e")
    try await app.expectScreen("EDITING", "Ln 1/3, Col 1")
    try await app.tmux.press("C-w")
    try await app.expectScreen("FINDING", "find:")
    try await app.tmux.type("APPLES")
    try await app.tmux.press("Enter")
    // Past the cursor, ignoring case: the third line's.
    try await app.expectScreen("EDITING", "Ln 3/3, Col 6")
    // Again with an empty field: the same text, wrapping to the top.
    try await app.tmux.press("C-w", "Enter")
    try await app.expectScreen("Search wrapped", "Ln 1/3, Col 1")
    try await app.tmux.press("C-x")
    try await app.expectScreen("BROWSING")
    // In the list, Ctrl-W is the search: the header counts what it shows.
    try await app.tmux.press("C-w")
    try await app.expectScreen("SEARCHING")
    try await app.tmux.type("pears")
    try await app.expectScreen("Notes (1 of 2)   search: pears")
  }

  @Test func ctrlDDeletesTheCharacterUnderTheCursorWhileEditing() async throws {
    let app = try await TmuxApp(notes: [("Note", "abc")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-d")
    try await app.expectScreen("│ bc")
    try await app.tmux.press("C-d", "C-d", "C-d")
    try await app.expectGone("│ bc")
    // Still running: Ctrl-D did not quit.
    try await app.expectScreen("EDITING")
    try await app.tmux.press("C-x", "y", "Enter", "q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.body) == [""])
  }

  @Test func tabTypesATabWhileEditingAndFunctionKeysAltDigitsAndDigitsSwitchTabs() async throws {
    let app = try await TmuxApp(notes: [("Note", "")])
    defer { app.close() }
    try await app.expectScreen("[3 Notes 1]")
    try await app.tmux.press("e", "Tab")
    try await app.tmux.type("x2")
    // A tab to the next stop, then the digit typed, not a tab switch.
    try await app.expectScreen("│         x2", "[3 Notes 1]")
    try await app.tmux.press("F1")
    try await app.expectScreen("[1 Counter 0]")
    try await app.tmux.press("M-3")
    try await app.expectScreen("[3 Notes 1]", "EDITING")
    try await app.tmux.press("C-x", "y", "Enter")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("2")
    try await app.expectScreen("[2 Profile 0]")
    try await app.tmux.press("Tab")
    try await app.expectScreen("[3 Notes 1]")
  }

  @Test func altBackspaceAndCtrlBackspaceDeleteAWord() async throws {
    let app = try await TmuxApp(notes: [("Note", "one two three")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-End", "M-BSpace")
    try await app.expectScreen("Col 9")
    // ^H, what terminals send for Ctrl-Backspace.
    try await app.tmux.pressBytes("08")
    try await app.expectScreen("Col 5")
    try await app.tmux.press("C-x", "y", "Enter", "q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.body) == ["one "])
  }

  @Test func ctrlXYesEnterSavesAndLeavesTheNoteClosed() async throws {
    let app = try await TmuxApp(notes: [("Note", "text")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-End")
    try await app.tmux.type("!")
    try await app.expectScreen("│ text!")
    // nano's keys in one go: the Enter answers the file name, it does not open the note again.
    try await app.tmux.press("C-x", "y", "Enter")
    try await app.expectScreen("BROWSING", "Saved")
    #expect(try app.savedNotes().map(\.body) == ["text!"])
    // Unchanged since, Ctrl-X closes at once.
    try await app.tmux.press("e")
    try await app.expectScreen("EDITING")
    try await app.tmux.press("C-x")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
  }

  @Test func ctrlXNoLeavesWithoutTheChangesAndRedoBringsThemBack() async throws {
    let app = try await TmuxApp(notes: [("Note", "text")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-End")
    try await app.tmux.type(" more")
    try await app.expectScreen("│ text more")
    try await app.tmux.press("C-x")
    try await app.expectScreen("Save modified buffer?")
    try await app.tmux.press("n")
    try await app.expectScreen("BROWSING", "without its changes: Alt-E in it redoes them")
    try await app.expectScreen("│ text")
    try await app.expectGone("│ text more")
    // Redo, once an edit: the space, then the word.
    try await app.tmux.press("e", "M-e", "M-e")
    try await app.expectScreen("│ text more")
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("q")
    try await app.expectCleanExit()
    #expect(try app.savedNotes().map(\.body) == ["text more"])
  }

  @Test func ctrlCCancelsThePromptsAndSaysWhereTheCursorIs() async throws {
    let app = try await TmuxApp(notes: [("Note", "a\nb\nlast"), ("Other", "x")])
    defer { app.close() }
    try await app.expectScreen("Notes (2)")
    // In the list's search, Ctrl-C cancels the search, as at nano's prompts.
    try await app.tmux.press("/")
    try await app.tmux.type("la")
    try await app.expectScreen("SEARCHING")
    try await app.tmux.press("C-c")
    try await app.expectScreen("BROWSING", "Notes (2)")
    try await app.tmux.press("e", "Down", "Right", "C-c")
    try await app.expectScreen("line 2/3 (66%), col 2/2 (100%), char 3/8 (37%)")
    // At the find prompt, Ctrl-C cancels the find and the app runs on.
    try await app.tmux.press("C-w")
    try await app.expectScreen("FINDING")
    try await app.tmux.press("C-c")
    try await app.expectScreen("EDITING  Cancelled")
    // In the list, not at a prompt, Ctrl-C quits (saving): nano has no list.
    try await app.tmux.press("Escape")
    try await app.expectScreen("BROWSING")
    try await app.tmux.press("C-c")
    try await app.expectCleanExit()
  }

  @Test func aKeyTheEditorDoesNotHaveSaysSo() async throws {
    let app = try await TmuxApp(notes: [("Note", "text")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "C-t")
    try await app.expectScreen("EDITING  Unbound key: ^T")
    try await app.tmux.press("M-j")
    try await app.expectScreen("EDITING  Unbound key: M-J")
  }

  /// The marked text is not highlighted (docs/app.md says so): while the mark is set, the
  /// status line says "Mark" before where the cursor is.
  @Test func theMarkIsShownInTheStatusLineUntilACutUnsetsIt() async throws {
    let app = try await TmuxApp(notes: [("Note", "one two")])
    defer { app.close() }
    try await app.expectScreen("Notes (1)")
    try await app.tmux.press("e", "M-a")
    try await app.expectScreen("EDITING  Mark Set", "Mark  Ln 1/1, Col 1")
    try await app.tmux.press("Right", "Right", "Right", "Right")
    try await app.expectScreen("Mark  Ln 1/1, Col 5")
    // (Not "Modified  Ln…": on a loaded machine the autosave may have said "Saved" already.)
    try await app.tmux.press("C-k")
    try await app.expectScreen("│ two", "  Ln 1/1, Col 1")
    try await app.expectGone("Mark  ")
  }
}
