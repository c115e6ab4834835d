import FeatureBridge
import Foundation
import StoreKernel

/// Runs a command script against the app without a terminal and prints what a person would
/// see: the tab-bar counts and each tab's screen. Both architectures print the same report
/// for the same script.
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
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  func run(lines: [Substring]) async throws {
    for (index, line) in lines.enumerated() {
      guard let command = try ScriptCommand.parse(line, lineNumber: index + 1) else { continue }
      if try await apply(command) == .quit { break }
    }
    // The report shows the notes as saved: wait for the save's own report, not just for quiet.
    // (A notes file that could not be read is never saved over, so there is nothing to wait for.)
    let reports = app.shell.state.notesSaveReports
    let canSave = app.shell.state.storageError == nil
    app.saveNotes()
    await Quiescence.settle(until: { !canSave || app.shell.state.notesSaveReports > reports })
    report()
  }

  private func apply(_ command: ScriptCommand) async throws -> KeyRouter.Outcome {
    switch command {
    case .tab(let tab):
      app.shell.send(tab.map { .selectTab($0) } ?? .nextTab)
    case .keys(let keys):
      if KeyRouter.route(keys, in: app) == .quit { return .quit }
    case .save:
      app.saveNotes()
    case .wait(let milliseconds):
      try await Task.sleep(for: .milliseconds(milliseconds))
    case .screen:
      await Quiescence.settle()
      printScreen(of: app.shell.state.activeTab)
    case .echo(let text):
      echo(text)
    case .quit:
      return .quit
    }
    await Quiescence.settle()
    return .continueRunning
  }

  private func report() {
    let shell = app.shell.state
    output += "count: \(shell.count)\n"
    output += "favorites: \(shell.favoritesCount)\n"
    output += "notes: \(shell.notesCount)\n"
    if let error = shell.storageError {
      output += "storage error: \(TerminalText.inert(error))\n"
    }
    for tab in Tab.allCases { printScreen(of: tab) }
  }

  private func printScreen(of tab: Tab) {
    let view = app.view(for: tab)
    var shell = app.shell.state
    shell.activeTab = tab
    shell.showHelp = false
    shell.status = ""
    let frame = composer.compose(
      shell: shell, view: view, width: Self.screenSize.columns, height: Self.screenSize.rows)
    output += "--- \(tab.title) ---\n"
    for line in frame.lines.dropLast() {
      output += String(line.reversed().drop(while: { $0 == " " }).reversed()) + "\n"
    }
  }
}
