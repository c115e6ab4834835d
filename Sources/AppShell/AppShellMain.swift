import CounterFeature
import FeatureBridge
import NotesFeature
import StoreKernel
import TerminalUI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run AppShell`: the terminal notes app, or a script runner when stdin is not a
/// terminal.
@main
enum AppShellMain {
  /// Synchronous on purpose: the standard descriptors are checked before the concurrency
  /// runtime opens any of its own (which would take the number of a closed standard input).
  static func main() {
    StandardStreams.ensureOpen()
    // A closed pipe or terminal must not kill the process before it has saved.
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let environment = ProcessInfo.processInfo.environment
    // The main thread becomes the shell's thread: the stores, the keys and the frames all run
    // on it (ShellExecutor).
    ShellExecutor.shared.runOnCurrentThread {
      Task { @ShellActor in
        exit(await run(arguments: arguments, environment: environment))
      }
    }
  }

  @ShellActor
  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    if arguments.first == "compare" {
      return await CompareCommand.run(arguments.dropFirst())
    }
    do {
      let options = try Options.parse(arguments)
      if options.command == .help {
        StandardStreams.writeOutput(Options.usage + "\n")
        return 0
      }
      if let transfer = TransferCommand(options.command) {
        let directory = try DataDirectory.prepare(
          explicit: options.dataDirectory, environment: environment)
        return transfer.run(dataDirectory: directory)
      }
      let interactive = isatty(STDIN_FILENO) == 1
      if interactive {
        try checkFullScreenTerminal(environment: environment)
      }
      let directory = try DataDirectory.prepare(
        explicit: options.dataDirectory, environment: environment)
      var context = AppContext(
        storage: .file(inDirectory: directory), counterStorage: .file(inDirectory: directory))
      context.favorites = CounterFeature.favorites(inDirectory: directory)
      context.autosaveDelay = options.autosaveDelay
      if !interactive {
        // Script mode settles after each command: effects run on one serial executor, whose
        // idleness is a signal.
        context.effectExecutor = SerialEffectExecutor(label: "script-effects")
      }
      let app = options.architecture.makeApp(context: context)
      var ending = InteractiveSession.Ending.quit
      var frameStats: FrameStats?
      if interactive {
        let session = InteractiveSession(
          app: app, color: environment["NO_COLOR"] == nil, recordsFrameStats: options.printStats)
        ending = try await session.run()
        frameStats = session.stats
      } else {
        let script = String(decoding: try StandardStreams.readAllInput(), as: UTF8.self)
        let session = ScriptSession(app: app)
        try await session.run(
          lines: script.split(separator: "\n", omittingEmptySubsequences: false))
        StandardStreams.writeOutput(session.output)
      }
      let stores = context.registry.liveStores
      await app.stop()
      if options.printStats { printStats(app, stores: stores, frames: frameStats) }
      let unsaved = reportUnsaved(app.shell.state.unsaved)
      if unsaved != 0 { return unsaved }
      if case .signal(let number) = ending {
        // Saved and restored; the status tells a script which signal ended the app.
        StandardStreams.writeError("AppShell: \(signalName(number)) received; notes saved\n")
        return 128 + number
      }
      return 0
    } catch {
      // One line, inert: the message may quote a path, which may hold newlines or escapes.
      StandardStreams.writeError("AppShell: \(TerminalText.inert("\(error)"))\n")
      return error is ShellError ? 2 : 1
    }
  }

  /// The full-screen app needs a terminal on both ends: keys from standard input, frames to
  /// standard output, and a terminal that understands escape sequences.
  private static func checkFullScreenTerminal(environment: [String: String]) throws {
    if isatty(STDOUT_FILENO) != 1 {
      throw ShellError(
        "standard output is not a terminal, so the full-screen app cannot be shown; "
          + "run it in a terminal, or pipe a script to standard input (see --help)")
    }
    if environment["TERM"] == "dumb" {
      throw ShellError(
        "this terminal (TERM=dumb) cannot show the full-screen app; "
          + "use a terminal that understands ANSI escape sequences, or pipe a script to stdin")
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
      StandardStreams.writeError("\(TerminalText.inert(message))\n")
    }
    return 3
  }

  private static func signalName(_ number: Int32) -> String {
    let names: [Int32: String] = [
      SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT",
      SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM",
    ]
    return names[number] ?? "signal \(number)"
  }

  @ShellActor
  private static func printStats(
    _ app: any RunningApp, stores: [StoreSnapshot], frames: FrameStats?
  ) {
    var report = "event counts per store (\(app.architecture.rawValue)):\n"
    for store in stores {
      report += "  \(store.name): \(store.events)\n"
    }
    report += "  total: \(app.events)\n"
    if let frames { report += "frames:\n" + frames.report }
    StandardStreams.writeError(report)
  }
}
