import FeatureBridge
import NotesFeature
import StoreKernel
import TerminalUI
import Testing

@testable import AppShell

/// A feature declared once is part of the app in both architectures: its tab, its number key,
/// its help, its script name, its outputs in the shell, its save on Ctrl-S and its stop action.
@Suite @ShellActor struct FourthFeatureTests {
  private func makeApp(
    _ architecture: Architecture, journal: ClickerFeature.Journal
  )
    -> any RunningApp
  {
    let context = AppContext(
      storage: .inMemory(), autosaveDelay: .seconds(3600),
      effectExecutor: SerialEffectExecutor(label: "FourthFeatureTests"))
    return architecture.makeApp(
      context: context,
      features: AppFeatures.standard + [ClickerFeature.declaration(journal: journal)])
  }

  private func frame(of app: any RunningApp, width: Int = 100) -> FrameComposer.Frame {
    let shell = app.shell.state
    return FrameComposer(color: false).compose(
      shell: shell, titles: app.declarations.map(\.title), tabs: app.tabs,
      view: app.view(at: shell.activeTab), width: width, height: 30)
  }

  @Test(arguments: Architecture.allCases)
  func aFourthFeatureIsPartOfTheApp(architecture: Architecture) async {
    let journal = ClickerFeature.Journal()
    let app = makeApp(architecture, journal: journal)
    await app.settle()
    #expect(frame(of: app).lines[0].contains("4 Clicker 0"))

    #expect(
      KeyRouter.route([.character("4"), .character("c"), .character("c")], in: app)
        == .continueRunning)
    await app.settle()
    #expect(app.shell.state.activeTab == 3)
    #expect(app.shell.state.badges[3] == "2")
    #expect(frame(of: app).lines[0].contains("[4 Clicker 2]"))
    #expect(frame(of: app).lines[1] == "Clicks: 2")

    _ = KeyRouter.route([.character("?")], in: app)
    #expect(frame(of: app).lines.contains { $0.contains("c  click") })
    _ = KeyRouter.route([.escape], in: app)
    #expect(app.requestSave(at: 3))
    await app.settle()
    #expect(app.shell.state.status == "Saved 2 clicks")
    // Ctrl-S asks every feature that saves: the notes and the clicker.
    #expect(app.requestSaveAll() == 2)

    let session = ScriptSession(app: app, echo: { _ in })
    await #expect(throws: Never.self) {
      try await session.run(lines: ["tab clicker", "type c", "tab next", "tab clicker"])
    }
    #expect(session.output.contains("clicker: 3\n"))
    #expect(session.output.contains("--- Clicker ---"))

    await app.stop()
    #expect(journal.all == ["stopped at 3"])
  }

  @Test(arguments: Architecture.allCases)
  func narrowTerminalsKeepEveryTabReachable(architecture: Architecture) async {
    let app = makeApp(architecture, journal: ClickerFeature.Journal())
    await app.settle()
    for width in [100, 60, 40, 30, 20] {
      let bar = frame(of: app, width: width).lines[0]
      #expect(TerminalText.width(of: bar) <= width)
      for number in 1...4 { #expect(bar.contains("\(number)"), "tab \(number) at \(width)") }
    }
    #expect(frame(of: app, width: 40).lines[0].contains("[3 N"))
    await app.stop()
  }

  @Test(arguments: Architecture.allCases)
  func anErrorStaysUntilDismissedWhileStatusMessagesComeAndGo(architecture: Architecture) async {
    let app = makeApp(architecture, journal: ClickerFeature.Journal())
    app.shell.send(.feature(2, .error("cannot read /data/notes.json")))
    app.shell.send(.feature(3, .status("Saved 2 clicks")))
    #expect(app.shell.state.status == "Saved 2 clicks")
    #expect(frame(of: app).lines.contains { $0.contains("! cannot read /data/notes.json") })
    _ = KeyRouter.route([.character("1"), .character("x")], in: app)
    #expect(app.shell.state.errors.isEmpty)
    #expect(!frame(of: app).lines.contains { $0.contains("! cannot read") })
    await app.stop()
  }

  @Test func eachAppCountsOnlyItsOwnStores() async {
    let first = makeApp(.multiStore, journal: ClickerFeature.Journal())
    let second = makeApp(.singleStore, journal: ClickerFeature.Journal())
    await first.settle()
    await second.settle()
    let before = second.events
    _ = KeyRouter.route([.character("1"), .character("+"), .character("+")], in: first)
    await first.settle()
    #expect(second.events == before)
    #expect(first.events.actionsReceived > 0)
    await first.stop()
    await second.stop()
  }
}
