import CounterFeature
import FeatureBridge
import Foundation
import NotesFeature
import StoreKernel
import TerminalUI

/// `swift run AppShell`: the terminal notes app, or a script runner when stdin is not a
/// terminal.
@main
enum AppShellMain {
  static func main() async {
    let code = await run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment)
    exit(code)
  }

  @ShellActor
  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    // A closed pipe or terminal must not kill the process before it has saved.
    signal(SIGPIPE, SIG_IGN)
    if arguments.first == "compare" {
      return await CompareCommand.run(arguments.dropFirst())
    }
    do {
      let options = try Options.parse(arguments)
      if options.command == .help {
        print(Options.usage)
        return 0
      }
      let interactive = isatty(STDIN_FILENO) == 1
      if interactive, environment["TERM"] == "dumb" {
        throw ShellError(
          "this terminal (TERM=dumb) cannot show the full-screen app; "
            + "use a terminal that understands ANSI escape sequences, or pipe a script to stdin")
      }
      let directory = try DataDirectory.prepare(
        explicit: options.dataDirectory, environment: environment)
      var context = AppContext(
        storage: .file(inDirectory: directory), counterStorage: .file(inDirectory: directory))
      if !interactive {
        // Script mode settles after each command: effects run on one serial executor, whose
        // idleness is a signal.
        context.effectExecutor = SerialEffectExecutor(label: "script-effects")
      }
      let app = options.architecture.makeApp(context: context)
      if interactive {
        let session = InteractiveSession(app: app, color: environment["NO_COLOR"] == nil)
        try await session.run()
      } else {
        let script = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let session = ScriptSession(app: app)
        try await session.run(
          lines: script.split(separator: "\n", omittingEmptySubsequences: false))
        print(session.output, terminator: "")
      }
      let stores = context.registry.liveStores
      await app.stop()
      if options.printStats { printStats(app, stores: stores) }
      return reportUnsaved(app.shell.state.unsaved)
    } catch {
      // One line, inert: the message may quote a path, which may hold newlines or escapes.
      FileHandle.standardError.write(Data("AppShell: \(TerminalText.inert("\(error)"))\n".utf8))
      return error is ShellError ? 2 : 1
    }
  }

  /// Says where work that could not be saved went, after the terminal is restored; the exit
  /// status tells scripts that not everything was saved.
  private static func reportUnsaved(_ unsaved: [UnsavedWork]) -> Int32 {
    guard !unsaved.isEmpty else { return 0 }
    for work in unsaved {
      let message: String
      switch work {
      case .kept(let path):
        message =
          "AppShell: the notes could not be saved; your unsaved changes are kept in \(path) "
          + "and will be restored the next time AppShell starts with this data directory"
      case .lost(let reason):
        message = "AppShell: the notes could not be saved or kept: \(reason)"
      }
      FileHandle.standardError.write(Data("\(TerminalText.inert(message))\n".utf8))
    }
    return 3
  }

  @ShellActor
  private static func printStats(_ app: any RunningApp, stores: [StoreSnapshot]) {
    var report = "event counts per store (\(app.architecture.rawValue)):\n"
    for store in stores {
      report += "  \(store.name): \(store.events)\n"
    }
    report += "  total: \(app.events)\n"
    FileHandle.standardError.write(Data(report.utf8))
  }
}
