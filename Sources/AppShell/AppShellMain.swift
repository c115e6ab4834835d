import FeatureBridge
import Foundation
import NotesFeature
import StoreKernel

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
    if arguments.first == "compare" {
      return await CompareCommand.run(arguments.dropFirst())
    }
    do {
      let options = try Options.parse(arguments)
      if options.command == .help {
        print(Options.usage)
        return 0
      }
      let directory = try DataDirectory.prepare(
        explicit: options.dataDirectory, environment: environment)
      let environmentForFeatures = AppEnvironment(storage: .file(inDirectory: directory))
      let app: any RunningApp =
        switch options.architecture {
        case .multiStore: MultiStoreApp(environment: environmentForFeatures)
        case .singleStore: SingleStoreApp(environment: environmentForFeatures)
        }
      if isatty(STDIN_FILENO) == 1 {
        let session = InteractiveSession(app: app, color: environment["NO_COLOR"] == nil)
        try await session.run()
      } else {
        let script = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let session = ScriptSession(app: app)
        try await session.run(
          lines: script.split(separator: "\n", omittingEmptySubsequences: false))
        print(session.output, terminator: "")
      }
      let stores = StoreRegistry.shared.liveStores
      await app.stop()
      if options.printStats { printStats(app.architecture, stores: stores) }
      return reportUnsavedNotes(app.shell.state.unsavedNotes)
    } catch {
      // One line, inert: the message may quote a path, which may hold newlines or escapes.
      FileHandle.standardError.write(Data("AppShell: \(TerminalText.inert("\(error)"))\n".utf8))
      return error is ShellError ? 2 : 1
    }
  }

  /// Says where notes that could not be saved went, after the terminal is restored; the exit
  /// status tells scripts that not everything was saved.
  private static func reportUnsavedNotes(_ unsaved: UnsavedNotes?) -> Int32 {
    let message: String
    switch unsaved {
    case nil:
      return 0
    case .kept(let path):
      message =
        "AppShell: the notes could not be saved; your unsaved changes are kept in \(path) "
        + "and will be restored the next time AppShell starts with this data directory"
    case .lost(let reason):
      message = "AppShell: the notes could not be saved or kept: \(reason)"
    }
    FileHandle.standardError.write(Data("\(TerminalText.inert(message))\n".utf8))
    return 3
  }

  private static func printStats(_ architecture: Architecture, stores: [StoreSnapshot]) {
    var report = "event counts per store (\(architecture.rawValue)):\n"
    for store in stores {
      report += "  \(store.name): \(store.events)\n"
    }
    report += "  total: \(StoreRegistry.shared.totals)\n"
    FileHandle.standardError.write(Data(report.utf8))
  }
}
