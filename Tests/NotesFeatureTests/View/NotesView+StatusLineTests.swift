import FeatureBridge
import TerminalUI
import Testing

@testable import NotesFeature
@testable import NotesTerminalView

/// The status line names the mode whatever message it shows, and where the cursor is.
@MainActor
@Suite struct NotesViewStatusLineTests {
  func statusLine(_ notes: RunningNotes) -> String {
    notes.render(width: 80, height: 10).last ?? ""
  }

  @Test func theModeStaysOnTheStatusLineBesideASavedMessage() async {
    let notes = await RunningNotes(storage: .inMemory([("One", "text")]))
    #expect(statusLine(notes).hasPrefix("BROWSING"))
    notes.type([.enter])
    notes.type("x")
    #expect(statusLine(notes).hasPrefix("EDITING  “One”: Esc to stop"))
    await notes.send(.save)
    // "Saved" in both modes, and the mode still tells them apart.
    #expect(statusLine(notes).hasPrefix("EDITING  Saved"))
    notes.type([.escape])
    #expect(statusLine(notes).hasPrefix("BROWSING  Saved"))
    notes.type([.character("/")])
    #expect(statusLine(notes).hasPrefix("SEARCHING  Saved"))
    notes.type([.escape, .character("r")])
    #expect(statusLine(notes).hasPrefix("RENAMING  Saved"))
    await notes.feature.stop()
  }

  @Test func editingShowsTheLineAndColumn() async {
    let notes = await RunningNotes(storage: .inMemory([("One", "first\nsé日cond\nthird")]))
    notes.type([.enter])
    // The cursor starts at the note's start.
    #expect(statusLine(notes).hasSuffix("Ln 1/3, Col 1"))
    notes.type([.down, .end, .left])
    // Columns count code points: "sé日con" is 6 of them.
    #expect(statusLine(notes).hasSuffix("Ln 2/3, Col 7"))
    #expect(TerminalText.width(of: statusLine(notes)) == 80)
    notes.type([.modified(.end, .control)])
    #expect(statusLine(notes).hasSuffix("Ln 3/3, Col 6"))
    await notes.feature.stop()
  }

  @Test func aNarrowStatusLineKeepsTheMode() async {
    let notes = await RunningNotes(storage: .inMemory([("One", "text")]))
    notes.type([.enter])
    let line = notes.render(width: 20, height: 10).last ?? ""
    #expect(line.hasPrefix("EDITING"))
    #expect(TerminalText.width(of: line) <= 20)
    await notes.feature.stop()
  }
}
