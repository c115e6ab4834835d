import NotesFeature
import StoreKernel
import Testing

@testable import AppShell

/// `echo` prints its text the moment the script reaches it, so a harness driving the app (the
/// crash-safety script) knows how far the script got even if the app is killed.
@Suite @ShellActor struct ScriptEchoTests {
  @Test(arguments: [
    ("echo typed chunk 7", ScriptCommand.echo("typed chunk 7")),
    ("echo", .echo("")),
    ("  echo  two spaces", .echo(" two spaces")),
    ("echo 日本 🎉 \\e", .echo("日本 🎉 \\e")),
  ])
  func echoKeepsTheRestOfTheLineAsIs(line: String, command: ScriptCommand) throws {
    #expect(try ScriptCommand.parse(Substring(line), lineNumber: 1) == command)
  }

  @Test func echoWritesAtItsPlaceInTheScriptAndNotIntoTheReport() async throws {
    let app = Architecture.multiStore.makeTestApp()
    var echoed: [(text: String, count: String)] = []
    let session = ScriptSession(app: app) { echoed.append(($0, app.shell.state.badges[0])) }
    try await session.run(lines: [
      "tab counter", "type +", "echo after one", "type ++", "echo after three", "type +",
    ])
    await app.stop()

    #expect(echoed.map(\.text) == ["after one", "after three"])
    #expect(echoed.map(\.count) == ["1", "3"])
    #expect(session.output.hasPrefix("counter: 4\n"))
    #expect(!session.output.contains("after"))
  }
}
