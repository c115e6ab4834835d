import FeatureBridgeTesting
import StoreKernel
import TerminalUI
import Testing

@testable import AppShell

/// What a keystroke in the notes may cost, as a budget that fails the test when exceeded: the
/// guard that keeps one root store's cost from creeping back into the multi-store app.
@Suite @ShellActor struct KeystrokeBudgetTests {
  /// A note open in the editor, and its view, in `architecture`.
  func editing(_ architecture: Architecture) async -> (any RunningApp, any TerminalView) {
    let app = architecture.makeTestApp()
    await app.settle()
    let notes = app.view(at: 2)
    notes.handle([.character("n")])
    await app.settle()
    // The first key arms the timer that hands the note to the list when typing pauses; the
    // keys measured find it armed, as every key but the first of a burst does.
    notes.handle([.character(">")])
    await app.settle()
    // On screen, as in the app: the view reads its store, so its observation is live.
    _ = notes.render(width: 100, height: 30)
    return (app, notes)
  }

  let typing = Array("a keystroke wakes only the notes").map { KeyPress.character($0) }

  @Test func aKeystrokeCostsTheOpenNoteFourEventsAndWakesNoOtherStore() async {
    let (app, notes) = await editing(.multiStore)
    // The open note runs in the editor's own store: the list's store is one of the others,
    // and must not wake.
    let budget = EventBudget("NoteEditor", eventsPerInput: 4)

    let usage = await budget.check(in: app.context.registry, inputs: typing.count) {
      for key in typing { notes.handle([key]) }
      await app.settle()
    }

    // One action, one reducer run, and the view store's derivation and notification.
    #expect(usage.events.total == 4 * typing.count, "\(usage)")
    #expect(usage.others.isEmpty, "\(usage.others)")
    await app.stop()
  }

  @Test func theSingleStoreBuildBreaksTheSameBudget() async {
    let (app, notes) = await editing(.singleStore)
    // The root store's name is "App": budget it as the multi-store notes are budgeted.
    let budget = EventBudget("App", eventsPerInput: 4)

    var usage: EventBudget.Usage?
    await withKnownIssue(
      "one root store: the open note's scoped store wakes on every keystroke too"
    ) {
      usage = await budget.check(in: app.context.registry, inputs: typing.count) {
        for key in typing { notes.handle([key]) }
        await app.settle()
      }
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("Event budget exceeded. other stores woke: ")
      }
    }
    // Outside the known issue, so it cannot be absorbed: the keystrokes reached the root, and
    // the notes' scoped store counted events of its own for each of them.
    #expect(usage?.events.actionsReceived == typing.count)
    let editorScope = usage?.others.first { $0.name == "App/Notes/NoteEditor" }
    #expect(editorScope?.events.actionsReceived == typing.count, "\(String(describing: usage))")
    // The editor is composed into the list's state, so its store is scoped from the list's:
    // each keystroke passes through the list's scoped store on its way to the root.
    let listScope = usage?.others.first { $0.name == "App/Notes" }
    #expect(listScope?.events.actionsReceived == typing.count, "\(String(describing: usage))")
    await app.stop()
  }
}
