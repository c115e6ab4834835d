import FeatureBridge
import NotesFeature
import StoreKernel
import TerminalUI
import Testing

@testable import AppShell

/// Keys go to the active feature first; the shell takes the ones the feature leaves.
@Suite @ShellActor struct KeyRouterTests {
  private func makeApp() -> any RunningApp {
    Architecture.multiStore.makeTestApp()
  }

  @Test func tabAndNumberKeysSwitchTabs() async {
    let app = makeApp()
    #expect(app.shell.state.activeTab == 2)
    #expect(KeyRouter.route([.tab], in: app) == .continueRunning)
    #expect(app.shell.state.activeTab == 0)
    _ = KeyRouter.route([.tab], in: app)
    #expect(app.shell.state.activeTab == 1)
    _ = KeyRouter.route([.character("3")], in: app)
    #expect(app.shell.state.activeTab == 2)
    _ = KeyRouter.route([.function(1)], in: app)
    #expect(app.shell.state.activeTab == 0)
    _ = KeyRouter.route([.character("2")], in: app)
    #expect(app.shell.state.activeTab == 1)
    await app.stop()
  }

  @Test func questionMarkTogglesHelpAndEscapeClosesIt() async {
    let app = makeApp()
    _ = KeyRouter.route([.character("1"), .character("?")], in: app)
    #expect(app.shell.state.showHelp)
    let help = FrameComposer(color: false).compose(
      shell: app.shell.state, titles: app.declarations.map(\.title), tabs: app.tabs,
      view: app.view(at: 0), width: 100, height: 30)
    #expect(
      help.lines.contains { $0.contains("Ctrl-C in the list, Ctrl-Q anywhere (saves first)") })
    // While help shows, keys are the shell's: `+` does not reach the counter.
    _ = KeyRouter.route([.character("+"), .escape], in: app)
    #expect(!app.shell.state.showHelp)
    _ = KeyRouter.route([.character("?"), .character("?")], in: app)
    #expect(!app.shell.state.showHelp)
    await app.stop()
    #expect(app.shell.state.badges[0] == "0")
  }

  @Test func keysBeforeAQuitReachTheFeatureAndTheRestAreNotRouted() async {
    let app = makeApp()
    let outcome = KeyRouter.route(
      [.character("1"), .character("+"), .character("+"), .character("q"), .tab], in: app)
    #expect(outcome == .quit)
    await app.settle()
    #expect(app.shell.state.badges[0] == "2")
    #expect(app.shell.state.activeTab == 0)
    await app.stop()
  }

  @Test func qIsTextWhileEditingCtrlCIsNanosAndCtrlQQuits() async {
    let app = makeApp()
    #expect(KeyRouter.route([.character("n"), .character("q")], in: app) == .continueRunning)
    await app.settle()
    #expect(app.shell.state.badges[2] == "1")
    let frame = FrameComposer(color: false).compose(
      shell: app.shell.state, titles: app.declarations.map(\.title), tabs: app.tabs,
      view: app.view(at: 2), width: 100, height: 30)
    #expect(frame.lines.contains { $0.hasSuffix("│ q") })
    // In a note, Ctrl-C says where the cursor is, as nano's; Ctrl-Q quits from anywhere.
    #expect(KeyRouter.route([.control("c")], in: app) == .continueRunning)
    #expect(KeyRouter.route([.control("q")], in: app) == .quit)
    await app.stop()
  }

  @Test func nanosKeysOfTheShell() async {
    let app = makeApp()
    // Ctrl-G shows the help, Ctrl-X closes it (and quits only outside it).
    _ = KeyRouter.route([.control("g")], in: app)
    #expect(app.shell.state.showHelp)
    #expect(KeyRouter.route([.control("x")], in: app) == .continueRunning)
    #expect(!app.shell.state.showHelp)
    // Alt-1 to Alt-3 switch tabs, even while typing in a note.
    _ = KeyRouter.route([.character("n"), .alt("1")], in: app)
    #expect(app.shell.state.activeTab == 0)
    _ = KeyRouter.route([.alt("3")], in: app)
    #expect(app.shell.state.activeTab == 2)
    // Ctrl-X in the editor leaves it; in the list it quits.
    #expect(KeyRouter.route([.control("x")], in: app) == .continueRunning)
    #expect(KeyRouter.route([.control("x")], in: app) == .quit)
    await app.stop()
  }

  @Test func ctrlOSavesAsCtrlSDoes() async {
    let storage = NotesStorage.inMemory()
    let app = Architecture.multiStore.makeTestApp(storage: storage)
    await app.settle()
    _ = KeyRouter.route([.character("n"), .character("a"), .escape, .control("o")], in: app)
    await app.settle()
    for await reports in app.shell.values({ $0.saveReports }) where reports >= 1 { break }
    #expect(app.shell.state.status == "Saved 1 note")
    // The next key a feature takes clears the message: what it said is about before the key.
    _ = KeyRouter.route([.character("j")], in: app)
    #expect(app.shell.state.status == ShellState.idleStatus)
    await app.stop()
  }

  @Test func theHelpScrollsWithinWhatItHas() async {
    let app = makeApp()
    _ = KeyRouter.route([.character("?")], in: app)
    app.shell.send(.helpLaidOut(maxOffset: 5, page: 3))
    _ = KeyRouter.route([.down, .down, .character("+")], in: app)
    #expect(app.shell.state.helpOffset == 2)
    // A page is what the window shows.
    _ = KeyRouter.route([.pageDown], in: app)
    #expect(app.shell.state.helpOffset == 5)
    _ = KeyRouter.route([.pageUp], in: app)
    #expect(app.shell.state.helpOffset == 2)
    #expect(app.shell.state.badges[0] == "0", "keys do not reach a feature under the help")
    _ = KeyRouter.route([.end], in: app)
    #expect(app.shell.state.helpOffset == 5)
    _ = KeyRouter.route([.pageUp, .up], in: app)
    #expect(app.shell.state.helpOffset == 1)
    _ = KeyRouter.route([.up, .up], in: app)
    #expect(app.shell.state.helpOffset == 0)
    await app.stop()
  }

  @Test func ctrlZSuspendsKeepingTheKeysAfterItAndCtrlLRedraws() async {
    let app = makeApp()
    #expect(
      KeyRouter.route([.character("1"), .control("z"), .character("+")], in: app)
        == .suspend(remaining: [.character("+")]))
    #expect(KeyRouter.route([.control("l")], in: app) == .redraw)
    await app.stop()
  }
}
