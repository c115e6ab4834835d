import TerminalUI
import Testing

@testable import AppShell
@testable import NotesFeature

/// Quitting with a note open in its editor (a feature the notes list presents, with a store of
/// its own or composed into the root store) saves what was typed in it: the editor hands its note
/// over before the notes save, in every build.
@Suite @ShellActor struct QuitWhileEditingTests {
  @Test(arguments: Architecture.allCases)
  func whatWasTypedInTheOpenNoteIsSavedOnQuit(_ architecture: Architecture) async throws {
    let storage = NotesStorage.inMemory()
    let app = architecture.makeTestApp(storage: storage)
    await app.settle()
    // A note made and typed into, the editor still open; the autosave waits an hour.
    _ = KeyRouter.route([.character("n")] + "typed, then quit".map { .character($0) }, in: app)
    await app.stop()
    let saved = try await storage.loadNotes().document.notes
    #expect(saved.map(\.body) == ["typed, then quit"], "\(architecture)")
  }
}
