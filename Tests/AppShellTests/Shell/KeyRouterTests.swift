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
    #expect(help.lines.contains { $0.contains("quit (notes are saved first)") })
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

  @Test func qIsTextWhileEditingButCtrlCQuits() async {
    let app = makeApp()
    #expect(KeyRouter.route([.character("n"), .character("q")], in: app) == .continueRunning)
    await app.settle()
    #expect(app.shell.state.badges[2] == "1")
    let frame = FrameComposer(color: false).compose(
      shell: app.shell.state, titles: app.declarations.map(\.title), tabs: app.tabs,
      view: app.view(at: 2), width: 100, height: 30)
    #expect(frame.lines.contains { $0.hasSuffix("│ q") })
    #expect(KeyRouter.route([.control("c")], in: app) == .quit)
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
