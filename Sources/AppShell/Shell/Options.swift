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
  }

  var command: Command = .run
  var dataDirectory: String?
  var architecture: Architecture = Options.defaultArchitecture
  var printStats = false

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
    Usage: AppShell [options]

    A terminal notes app built from three black-box features (Counter, Profile, Notes).

    Options:
      --data-dir PATH   Store notes in PATH/notes.json. PATH must be an existing, writable
                        directory. Default: $XDG_DATA_HOME/multistore-notes, else
                        ~/.local/share/multistore-notes (created if missing).
      --single-store    Compose the features under one root store with scoped children.
      --multi-store     Give each feature its own store behind a boundary (the default,
                        unless built with `--traits SingleStore`).
      --stats           On exit, print to standard error the event counts of every store
                        and, in the terminal, how long frames took and keys waited for them.
      -h, --help        Show this help.

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
      default:
        if argument.hasPrefix("--data-dir=") {
          options.dataDirectory = String(argument.dropFirst("--data-dir=".count))
        } else {
          throw ShellError("unknown option '\(argument)' (see --help)")
        }
      }
    }
    return options
  }
}
