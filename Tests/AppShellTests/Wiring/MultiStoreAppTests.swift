import CounterFeature
import FeatureBridge
import NotesFeature
import StoreKernel
import StoreKernelTesting
import Testing

@testable import AppShell

/// The shell hosting features it cannot see into: each test swaps a real feature for a
/// `FakeFeature` with one line in `Factories`, then checks what the shell makes of its outputs.
@Suite @ShellActor struct MultiStoreAppTests {
  private func tabBar(of app: some RunningApp) -> String {
    composedFrame(of: app).lines.first ?? ""
  }

  private func statusLine(of app: some RunningApp) -> String {
    composedFrame(of: app).lines.last ?? ""
  }

  private func composedFrame(of app: some RunningApp) -> FrameComposer.Frame {
    FrameComposer(color: false).compose(
      shell: app.shell.state, view: app.view(for: app.shell.state.activeTab), width: 100,
      height: 30)
  }

  @Test func aFakeNotesCountShowsInTheTabBar() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var factories = MultiStoreApp.Factories()
    factories.notes = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)

    fake.emit(.noteCountChanged(7))

    #expect(await eventually { app.shell.state.notesCount == 7 })
    #expect(tabBar(of: app).contains("[ 3 Notes 7 ]"))
    #expect(composedFrame(of: app).lines[1].contains("[fake Notes]"))
    await app.stop()
  }

  @Test func aStorageErrorFromNotesShowsInTheStatusLine() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var factories = MultiStoreApp.Factories()
    factories.notes = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)

    fake.emit(.storageError("cannot write /data/notes.json: disk full"))

    #expect(await eventually { app.shell.state.storageError != nil })
    #expect(app.shell.state.storageError == "cannot write /data/notes.json: disk full")
    #expect(app.shell.state.status == "Error: cannot write /data/notes.json: disk full")
    #expect(statusLine(of: app).hasPrefix("Error: cannot write /data/notes.json: disk full"))
    await app.stop()
  }

  @Test func aSaveFromNotesShowsInTheStatusLine() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var factories = MultiStoreApp.Factories()
    factories.notes = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)

    fake.emit(.saved(noteCount: 1))
    #expect(await eventually { app.shell.state.status == "Saved 1 note" })
    fake.emit(.saved(noteCount: 2))
    #expect(await eventually { app.shell.state.status == "Saved 2 notes" })
    await app.stop()
  }

  @Test func ctrlSOnAnotherTabAsksTheNotesToSave() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
      input == .save ? [.saved(noteCount: 4)] : []
    }
    var factories = MultiStoreApp.Factories()
    factories.notes = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)
    app.shell.send(.selectTab(.counter))

    #expect(KeyRouter.route([.control("s")], in: app) == .continueRunning)

    #expect(await eventually { fake.receivedInputs == [.save] })
    #expect(await eventually { app.shell.state.status == "Saved 4 notes" })
    #expect(fake.receivedKeys.isEmpty)
    await app.stop()
  }

  @Test func keysOnTheNotesTabGoToTheNotesView() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var factories = MultiStoreApp.Factories()
    factories.notes = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)
    #expect(app.shell.state.activeTab == .notes)

    // The real notes view saves on Ctrl-S itself; the fake's view takes every key it is given.
    let outcome = KeyRouter.route([.character("q"), .control("s"), .paste("pasted")], in: app)

    #expect(outcome == .continueRunning)
    #expect(fake.receivedKeys == [.character("q"), .control("s"), .paste("pasted")])
    await app.stop()
  }

  @Test func aFakeCounterCountShowsInTheTabBar() async {
    let fake = FakeFeature<CounterInput, CounterOutput>(name: "Counter")
    var factories = MultiStoreApp.Factories()
    factories.counter = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)

    fake.emit(.countChanged(3))

    #expect(await eventually { app.shell.state.count == 3 })
    #expect(tabBar(of: app).contains(" 1 Counter 3 "))
    fake.emit(.favoriteSaved(3))
    #expect(await eventually { app.shell.state.status == "Saved 3 as a favorite" })
    #expect(statusLine(of: app).hasPrefix("Saved 3 as a favorite"))
    await app.stop()
  }

  @Test func stopFinishesTheFakesAfterDeliveringTheirInputs() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "Notes")
    var factories = MultiStoreApp.Factories()
    factories.notes = { inputs, _ in fake.start(inputs: inputs) }
    let app = MultiStoreApp(environment: AppEnvironment(storage: .inMemory()), factories: factories)

    app.saveNotes()
    app.saveNotes()
    await app.stop()

    #expect(fake.receivedInputs == [.save, .save])
  }
}
