#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The command line, parsed.
struct Options: Equatable {
  enum Command: Equatable {
    case run
    case help
    /// Write every note to a plain text file in this folder.
    case export(String)
    /// Add a note for every `.txt` file in this folder.
    case importNotes(String)
  }

  var command: Command = .run
  var dataDirectory: String?
  var architecture: Architecture = Options.defaultArchitecture
  var printStats = false
  /// How long typing pauses before the notes are saved on their own.
  var autosaveDelay: Duration = .seconds(1)

  /// The architecture this binary was built to prefer: the `SingleStore` package trait makes
  /// the single-store build the default; `--single-store` / `--multi-store` override it.
  static var defaultArchitecture: Architecture {
    #if SINGLE_STORE
      .singleStore
    #else
      .multiStore
    #endif
  }

  static let usage = """
    Usage: AppShell [options]                 the notes app, full screen in this terminal
           AppShell [options] export FOLDER   every note to FOLDER/<title>.txt
           AppShell [options] import FOLDER   add a note for each FOLDER/*.txt
           AppShell [options] < SCRIPT        run a command script instead of keys
           AppShell compare [--help]          compare the two architectures (see docs)

    A terminal notes app built from three black-box features (Counter, Profile, Notes).

    Options:
      --data-dir PATH   Store notes in PATH/notes.json. PATH must be an existing, writable
                        directory. Default: $XDG_DATA_HOME/multistore-notes, else
                        ~/.local/share/multistore-notes (created if missing).
      --single-store    Compose the features under one root store with scoped children.
      --multi-store     Give each feature its own store behind a boundary (the default,
                        unless built with `--traits SingleStore`).
      --autosave SECONDS
                        Save the notes when typing pauses this long (default 1; a decimal,
                        from 0.1 to 86400). Ctrl-S saves at once; quitting always saves.
      --stats           On exit, print to standard error the event counts of every store
                        and, in the terminal, how long frames took and keys waited for them.
      -h, --help        Show this help.

    Export and import:
      export FOLDER     Writes one UTF-8 file per note, named after its title (/ and control
                        characters become _, a repeated title gets " (2)"), holding its body.
                        FOLDER must be new or empty. Reads only: fine while the app runs.
      import FOLDER     Adds a note for each FOLDER/*.txt: the name without .txt is its title,
                        the text its body. Adds, never deletes; refuses while the app runs.

    Keys (? or Ctrl-G in the app shows them all; docs/app.md has the table):
      F1-F3, Alt-1..3   switch tabs (Tab, 1-3 when not typing)
      q, Ctrl-X         quit when not typing; Ctrl-C in the list, Ctrl-Q anywhere (saves first)
      Ctrl-S, Ctrl-O    save now                 x   dismiss the errors shown
      Notes list        n new, Enter edit, d delete, u undo a delete, r rename, / search
      Notes editor      as in nano: Ctrl-K cut, Ctrl-U paste, Ctrl-W find, Alt-U undo,
                        Esc or Ctrl-X back to the list
      Counter, Profile  + - change, s save a favorite; Delete removes the selected favorite

    Environment:
      NO_COLOR          Set to any value to draw without colors or reverse video.

    When standard input is not a terminal, AppShell reads a command script from it instead
    of keys (see docs/app.md): tab, type, key, paste, save, wait, screen, echo, quit.
    """

  static func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        // Help wins over a command given with it: `AppShell import --help` only shows it.
        options.command = .help
      case "--data-dir":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw ShellError("--data-dir needs a path (see --help)")
        }
        options.dataDirectory = path
      case "--single-store":
        options.architecture = .singleStore
      case "--multi-store":
        options.architecture = .multiStore
      case "--stats":
        options.printStats = true
      case "--autosave":
        options.autosaveDelay = try autosaveDelay(remaining.popFirst())
      case "export", "import":
        guard let folder = remaining.popFirst(), !folder.isEmpty else {
          throw ShellError("\(argument) needs a folder (see --help)")
        }
        switch options.command {
        case .run: options.command = argument == "export" ? .export(folder) : .importNotes(folder)
        case .help: break
        case .export, .importNotes:
          throw ShellError("one command at a time: '\(argument)' (see --help)")
        }
      default:
        if argument.hasPrefix("--data-dir=") {
          options.dataDirectory = String(argument.dropFirst("--data-dir=".count))
        } else if argument.hasPrefix("--autosave=") {
          options.autosaveDelay = try autosaveDelay(String(argument.dropFirst("--autosave=".count)))
        } else {
          throw ShellError("unknown option '\(argument)' (see --help)")
        }
      }
    }
    return options
  }

  private static func autosaveDelay(_ text: String?) throws -> Duration {
    guard let text, let seconds = Double(text), seconds >= 0.1, seconds <= 86_400 else {
      throw ShellError(
        "--autosave needs a number of seconds from 0.1 to 86400, not '\(text ?? "")' (see --help)")
    }
    return .milliseconds(Int((seconds * 1000).rounded()))
  }
}
