import FeatureBridge
import StoreKernel
import TerminalUI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs a command script against the app without a terminal and prints what a person would
/// see: each tab's badge and screen. Both architectures print the same report for the same
/// script.
///
/// After each command the session waits until the app has settled (the app's stores run their
/// effects on a serial executor in script mode, so "settled" is a signal, not a guess).
@ShellActor
final class ScriptSession {
  static let screenSize = (columns: 100, rows: 30)

  private let app: any RunningApp
  private let composer = FrameComposer(color: false)
  private let echo: (String) -> Void
  private(set) var output = ""

  /// - Parameters:
  ///   - app: The app the script drives.
  ///   - echo: Where `echo` lines go; by default straight to standard output, unbuffered, so a
  ///     harness sees each one the moment the script reaches it.
  init(app: any RunningApp, echo: @escaping (String) -> Void = ScriptSession.writeLine) {
    self.app = app
    self.echo = echo
  }

  /// Writes `text` and a newline to standard output now, bypassing the output buffer.
  nonisolated static func writeLine(_ text: String) {
    StandardStreams.writeOutput(text + "\n")
  }

  func run(lines: [Substring]) async throws {
    let commands = try lines.enumerated().compactMap { index, line in
      try ScriptCommand.parse(line, lineNumber: index + 1).map { (index + 1, $0) }
    }
    await app.settle()
    for (lineNumber, command) in commands {
      if try await apply(command, lineNumber: lineNumber) == .quit { break }
    }
    // The report shows the work as saved: wait for the saves' own reports, not just for quiet
    // (a save runs on storage, off the executor). A feature that cannot save (a notes file
    // that could not be read is never saved over) reports that at once.
    await saveAndWait()
    report()
  }

  private func apply(_ command: ScriptCommand, lineNumber: Int) async throws -> KeyRouter.Outcome {
    switch command {
    case .tab(nil):
      app.shell.send(.nextTab(among: app.tabs))
    case .tab(let title?):
      guard let index = app.tabs.first(where: { app.declarations[$0].title.lowercased() == title })
      else {
        let titles = app.tabs.map { app.declarations[$0].title.lowercased() } + ["next"]
        throw ShellError(
          "script line \(lineNumber): unknown tab '\(title)' (\(titles.joined(separator: ", ")))")
      }
      app.shell.send(.selectTab(index))
    case .keys(let keys):
      if KeyRouter.route(keys, in: app) == .quit { return .quit }
    case .save:
      await saveAndWait()
    case .wait(let milliseconds):
      try await Task.sleep(for: .milliseconds(milliseconds))
    case .screen:
      await app.settle()
      printScreen(of: app.shell.state.activeTab)
    case .echo(let text):
      echo(text)
    case .quit:
      return .quit
    }
    await app.settle()
    return .continueRunning
  }

  /// Asks every feature that saves to save, and waits until each has reported the result.
  private func saveAndWait() async {
    let before = app.shell.state.saveReports
    let asked = app.requestSaveAll()
    guard asked > 0 else { return }
    await app.settle()
    for await reports in app.shell.values({ $0.saveReports }) where reports >= before + asked {
      break
    }
  }

  private func report() {
    let shell = app.shell.state
    for index in app.tabs {
      output += "\(app.declarations[index].title.lowercased()): \(shell.badges[index])\n"
    }
    for error in shell.errors {
      output += "error: \(TerminalText.inert(error))\n"
    }
    for index in app.tabs { printScreen(of: index) }
  }

  private func printScreen(of index: Int) {
    var shell = app.shell.state
    shell.activeTab = index
    shell.showHelp = false
    shell.status = ""
    shell.errors = []
    let frame = composer.compose(
      shell: shell, titles: app.declarations.map(\.title), tabs: app.tabs,
      view: app.view(at: index), width: Self.screenSize.columns, height: Self.screenSize.rows)
    output += "--- \(app.declarations[index].title) ---\n"
    for line in frame.lines.dropLast() {
      output += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
    }
  }
}
