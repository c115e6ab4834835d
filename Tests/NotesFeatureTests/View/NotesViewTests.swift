import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import TerminalUI
import Testing

@testable import NotesFeature
@testable import NotesTerminalView

/// What the notes view draws and which keys it takes, in each mode.
@MainActor
@Suite struct NotesViewTests {
  // MARK: - Key mapping

  @Test func browsingMapsCommandKeysAndLeavesOthersToTheHost() {
    let expected: [(KeyPress, NotesAction.ViewAction?)] = [
      (.character("n"), .createNoteTapped),
      (.character("j"), .selectNext), (.down, .selectNext),
      (.character("k"), .selectPrevious), (.up, .selectPrevious),
      (.character("d"), .deleteSelectedTapped), (.delete, .deleteSelectedTapped),
      (.character("u"), .undoDeleteTapped),
      (.character("/"), .searchTapped),
      (.character("r"), .renameTapped),
      (.enter, .editTapped), (.character("e"), .editTapped), (.right, .editTapped),
      (.control("s"), .saveTapped), (.escape, .escapeTapped),
      (.character("q"), nil), (.tab, nil), (.paste("text"), nil), (.backspace, nil),
      (.function(1), nil),
    ]
    for (key, action) in expected {
      #expect(NotesView.action(for: key, mode: .browsing) == action, "\(key)")
    }
  }

  @Test func editingTypesEveryCharacterAndMovesTheCursor() {
    let geometry = KeyGeometry(editorWidth: 40, editorHeight: 10, listHeight: 10)
    let expected: [(KeyPress, NoteEditorAction.ViewAction?)] = [
      (.character("q"), .textInserted("q")), (.character("n"), .textInserted("n")),
      (.character("日"), .textInserted("日")), (.character("🎉"), .textInserted("🎉")),
      (.paste("two\nlines"), .textInserted("two\nlines")),
      (.enter, .newlineTapped), (.backspace, .backspaceTapped), (.delete, .deleteTapped),
      (.left, .cursorMoved(.left)), (.right, .cursorMoved(.right)),
      (.up, .cursorMovedByRows(-1, width: 40)), (.down, .cursorMovedByRows(1, width: 40)),
      (.pageUp, .cursorMovedByRows(-8, width: 40)), (.pageDown, .cursorMovedByRows(8, width: 40)),
      (.home, .homeTapped(width: 40)), (.control("a"), .homeTapped(width: 40)),
      (.end, .endTapped(width: 40)), (.control("e"), .endTapped(width: 40)),
      (.modified(.home, .control), .cursorMoved(.textStart)),
      (.modified(.end, .control), .cursorMoved(.textEnd)),
      (.modified(.left, .control), .cursorMoved(.wordLeft)),
      (.modified(.left, .alt), .cursorMoved(.wordLeft)),
      (.modified(.right, .control), .cursorMoved(.wordRight)),
      (.modified(.right, .alt), .cursorMoved(.wordRight)),
      (.modified(.backspace, .alt), .deleteWordBackwardTapped),
      (.modified(.backspace, .control), .deleteWordBackwardTapped),
      (.modified(.delete, .control), .deleteWordForwardTapped),
      (.alt("u"), .undoTapped), (.alt("U"), .undoTapped),
      (.alt("e"), .redoTapped), (.alt("E"), .redoTapped),
      (.control("s"), .saveTapped), (.control("o"), .writeOutTapped), (.escape, .escapeTapped),
      // nano's keys.
      (.control("k"), .cutLineTapped), (.control("u"), .pasteCutTapped),
      (.alt("6"), .copyLineTapped), (.control("w"), .findTapped),
      (.control("x"), .exitTapped), (.control("d"), .deleteTapped),
      (.tab, .textInserted("\t")), (.control("c"), .cancelTapped),
      (.control("n"), .cursorMovedByRows(1, width: 40)),
      (.control("p"), .cursorMovedByRows(-1, width: 40)),
      (.control("f"), .cursorMoved(.right)), (.control("b"), .cursorMoved(.left)),
      (.control("v"), .cursorMovedByRows(8, width: 40)),
      (.control("y"), .cursorMovedByRows(-8, width: 40)),
      (.alt("a"), .markTapped), (.control("6"), .markTapped),
      (.control("\\"), .replaceTapped), (.alt("r"), .replaceTapped),
      (.control("_"), .goToLineTapped), (.alt("g"), .goToLineTapped),
      (.alt("w"), .findNextTapped),
      // What the editor does not do, it names; the shell's keys go on to the shell.
      (.alt("x"), .unboundKey("M-X")), (.control("t"), .unboundKey("^T")),
      (.control("]"), .unboundKey("^]")),
      (.modified(.up, .shift), .unboundKey("Sh-Up")),
      (.function(2), nil), (.control("z"), nil), (.control("g"), nil), (.control("q"), nil),
      (.alt("1"), nil),
    ]
    for (key, action) in expected {
      #expect(
        NotesView.editorAction(for: key, mode: .editing, geometry: geometry) == action, "\(key)")
    }
  }

  @Test func searchingTypesTheQueryAndStillMovesTheSelection() {
    let expected: [(KeyPress, NotesAction.ViewAction?)] = [
      (.character("q"), .textInserted("q")), (.paste("abc"), .textInserted("abc")),
      (.backspace, .backspaceTapped), (.enter, .newlineTapped),
      (.down, .selectNext), (.up, .selectPrevious), (.escape, .escapeTapped),
      (.left, .cursorMoved(.left)), (.delete, .deleteTapped),
      (.modified(.left, .control), .cursorMoved(.wordLeft)),
      (.modified(.backspace, .control), .deleteWordBackwardTapped),
      (.control("d"), .deleteTapped), (.control("x"), .escapeTapped),
      (.control("w"), nil), (.tab, nil), (.pageDown, nil),
    ]
    for (key, action) in expected {
      #expect(NotesView.action(for: key, mode: .searching) == action, "\(key)")
    }
  }

  @Test func renamingTypesTheTitle() {
    let mode = NotesState.Mode.renaming(draft: "x")
    let expected: [(KeyPress, NotesAction.ViewAction?)] = [
      (.character("q"), .textInserted("q")), (.paste("abc"), .textInserted("abc")),
      (.backspace, .backspaceTapped), (.enter, .newlineTapped), (.escape, .escapeTapped),
      (.home, .cursorMoved(.lineStart)), (.end, .cursorMoved(.lineEnd)),
      (.right, .cursorMoved(.right)), (.modified(.backspace, .alt), .deleteWordBackwardTapped),
      (.down, nil), (.up, nil), (.tab, nil), (.alt("u"), nil),
    ]
    for (key, action) in expected {
      #expect(NotesView.action(for: key, mode: mode) == action, "\(key)")
    }
  }

  @Test func qIsLeftToTheHostWhileBrowsingAndTypedWhileEditing() async {
    let notes = await RunningNotes(storage: .inMemory([("One", ""), ("Two", "")]))
    #expect(notes.view.handle([.character("q")]) == 0)
    #expect(notes.view.handle([.character("j"), .character("q"), .character("k")]) == 1)
    #expect(notes.view.handle([.control("x")]) == 0, "Ctrl-X in the list quits: the host's")
    notes.type([.enter])
    // Tab types a tab while editing; F2 is the host's.
    #expect(notes.view.handle([.character("q"), .tab, .character("x"), .function(2)]) == 3)
    #expect(notes.render(width: 80, height: 10)[1].hasSuffix(" │ q       x"))
    await notes.feature.stop()
  }

  @Test func deletingAsksFirstAndOnlyYesDeletes() async {
    let notes = await RunningNotes(storage: .inMemory([("One", ""), ("Two", "")]))
    let title = notes.render(width: 80, height: 10)[1]
    #expect(notes.view.handle([.character("d")]) == 1)
    var screen = notes.render(width: 80, height: 10)
    #expect(screen.last?.hasPrefix("CONFIRM  Delete “") == true, "\(screen)")
    #expect(screen.last?.contains("y: Delete  n: Keep") == true)
    // While it asks, only its answers are taken: `j` is not, and nothing moves.
    #expect(notes.view.handle([.character("j")]) == 0)
    #expect(notes.view.handle([.character("n")]) == 1)
    screen = notes.render(width: 80, height: 10)
    #expect(screen.last?.hasPrefix("BROWSING") == true)
    #expect(screen[1] == title, "kept")
    #expect(notes.view.handle([.character("d"), .escape]) == 2)
    #expect(notes.render(width: 80, height: 10)[1] == title, "Esc keeps it too")
    #expect(notes.view.handle([.character("d"), .character("y")]) == 2)
    screen = notes.render(width: 80, height: 10)
    #expect(screen.last?.contains("Deleted “") == true, "\(screen)")
    #expect(screen.dropLast().filter { $0.contains("One") || $0.contains("Two") }.count == 1)
    await notes.feature.stop()
  }

  @Test func theDialogsAnswersMapToItsButtons() {
    let dialog = NotesReducer.deleteConfirmation(
      of: Note(id: 7, title: "Seven", body: "", revision: 1))
    let delete = NotesAction.ViewAction.confirmation(.presented(.deleteNote(id: 7)))
    let expected: [(KeyPress, NotesAction.ViewAction?)] = [
      (.character("y"), delete), (.character("Y"), delete), (.enter, delete),
      (.character("1"), delete),
      (.character("n"), .confirmation(.dismiss)), (.escape, .confirmation(.dismiss)),
      (.control("x"), .confirmation(.dismiss)), (.character("2"), .confirmation(.dismiss)),
      (.character("3"), nil), (.character("j"), nil), (.down, nil), (.tab, nil),
    ]
    for (key, action) in expected {
      #expect(NotesView.answer(key, to: dialog) == action, "\(key)")
    }
  }

  // MARK: - Inert rendering

  static let hostile = [
    (
      title: "\u{1B}[2J\u{1B}]0;pwned\u{07}Evil",
      body: "csi \u{9B}31m red\nnul \u{0} del \u{7F}\nnel \u{85} osc \u{9D}0;x\u{9C}\n"
        + "dcs \u{1B}P1$r\u{1B}\\ bell \u{07} cr \r lf"
    ),
    (title: "tab\there \u{9B}H", body: "\u{1B}c reset\u{1B}[?1049h alt screen"),
  ]

  /// Whether `line` holds a C0 or C1 control character or DEL, which a terminal would act on.
  func holdsControlCharacters(_ line: String) -> Bool {
    line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  @Test func notesWithEscapeSequencesAndControlsRenderInert() async {
    let notes = await RunningNotes(storage: .inMemory(Self.hostile))
    var screens: [[String]] = []
    for (width, height) in [(80, 24), (40, 12), (120, 6)] {
      screens.append(notes.render(width: width, height: height))
    }
    notes.type([.enter])
    screens.append(notes.render(width: 80, height: 24))
    screens.append(notes.render(width: 30, height: 24))
    notes.type([.escape, .character("r"), .paste("\u{1B}[H\u{9B}2J")])
    screens.append(notes.render(width: 80, height: 24))
    notes.type([.escape, .character("/"), .paste("\u{1B}]8;;http://x\u{07}")])
    screens.append(notes.render(width: 80, height: 24))

    for line in screens.joined() {
      #expect(!holdsControlCharacters(line), "raw control in \(line.debugDescription)")
    }
    let text = screens.joined().joined(separator: "\n")
    #expect(text.contains("^[[2J^[]0;pwned^GEvil"))
    #expect(text.contains("<9B>31m"))
    #expect(text.contains("nul ^@ del ^?"))
    #expect(text.contains("rename: ^[[2J^[]0;pwned^GEvil^[[H<9B>2J"))
    #expect(text.contains("search: ^[]8;;http://x^G"))
    await notes.feature.stop()
  }

  // MARK: - Size

  static let wide = [
    (title: "日本語のタイトル 🎉🎉", body: "日本語のテキストと絵文字 🎉 が混ざった長い行です。\n二行目"),
    (title: "Emoji 👩‍👩‍👧 family", body: String(repeating: "🎉", count: 60)),
    (title: "ascii", body: String(repeating: "abc ", count: 50)),
  ]

  /// Renders at many sizes and checks every line fits and no more lines than asked come back.
  func expectEveryRenderFits(_ notes: RunningNotes, _ comment: Comment) {
    for width in [0, 1, 2, 3, 5, 9, 10, 20, 31, 49, 50, 51, 80, 81, 133] {
      for height in [0, 1, 2, 3, 5, 24] {
        let lines = notes.render(width: width, height: height)
        #expect(lines.count <= height, "\(comment) \(width)×\(height): \(lines.count) lines")
        for line in lines where TerminalText.width(of: line) > width {
          Issue.record("\(comment) \(width)×\(height): \(line.debugDescription) is too wide")
        }
      }
    }
  }

  @Test func wideTextFitsEverySizeInEveryMode() async {
    let notes = await RunningNotes(storage: .inMemory(Self.wide))
    expectEveryRenderFits(notes, "browsing")
    notes.type([.enter, .end])
    expectEveryRenderFits(notes, "editing")
    notes.type([.escape, .character("/"), .character("日")])
    expectEveryRenderFits(notes, "searching")
    notes.type([.escape, .character("r"), .paste("新しい題名 🎉")])
    expectEveryRenderFits(notes, "renaming")
    await notes.feature.stop()
  }

  /// The list's row of the open note shows the title its editor has, key by key, though the
  /// list hears the note only when typing pauses (and a frame makes the list's rows again only
  /// when what they show changed).
  @Test func theListShowsTheOpenNotesTitleAsItIsTyped() async {
    let notes = await RunningNotes(storage: .inMemory([("One", "")]))
    notes.type([.character("n")])
    var screen = notes.render(width: 80, height: 10)
    for (count, character) in "Shop".enumerated() {
      notes.type([.character(character)])
      screen = notes.render(width: 80, height: 10)
      let title = String("Shop".prefix(count + 1))
      #expect(screen.contains { $0.hasPrefix("▸ \(title) ") }, "\(screen)")
    }
    await notes.stop()
  }

  /// While the notes file is read (a large one takes a moment), the empty list says it is
  /// loading, not that there are no notes.
  @Test func aListStillLoadingSaysSoAndNotThatThereAreNoNotes() async {
    let gate = LoadGate()
    let storage = RecordingStorage().storage(load: {
      await gate.wait()
      return NotesDocument(notes: [])
    })
    let feature = NotesFeature.launcher.start(.init(storage: storage))
    let view = NotesFeature.terminalView(of: feature)
    let log = OutputLog(feature.outputs)
    let loading = view.render(width: 80, height: 5).joined()
    #expect(loading.contains("Loading the notes…"))
    #expect(!loading.contains("No notes"))
    gate.release()
    #expect(await log.waitFor(count: 1), "the notes never loaded")
    #expect(view.render(width: 80, height: 5).joined().contains("No notes: n to create one"))
    await feature.stop()
  }

  @Test func anEmptyListFitsEverySize() async {
    let notes = await RunningNotes(storage: .inMemory())
    expectEveryRenderFits(notes, "empty")
    #expect(notes.render(width: 80, height: 5).joined().contains("No notes: n to create one"))
    await notes.feature.stop()
  }

  @Test func theCursorSitsAfterWideCharactersAtTheirDisplayWidth() async {
    let notes = await RunningNotes(storage: .inMemory([("t", "日本🎉x")]))
    notes.type([.enter, .end, .left])
    // Narrow terminals show the editor alone, below the header line.
    _ = notes.render(width: 40, height: 10)
    #expect(notes.view.cursor?.row == 1)
    #expect(notes.view.cursor?.column == 6)
    // Wide terminals put the list on the left; the cursor moves right past it and the divider.
    _ = notes.render(width: 90, height: 10)
    #expect(notes.view.cursor?.column == 6 + 30 + 3)
    notes.type([.escape])
    _ = notes.render(width: 90, height: 10)
    #expect(notes.view.cursor == nil)
    await notes.feature.stop()
  }
}
