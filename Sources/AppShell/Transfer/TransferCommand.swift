import NotesFeature
import TerminalUI

/// `AppShell export FOLDER` and `AppShell import FOLDER`: the notes as plain text files and back
/// (docs/app.md, "Export and import"), with one line on standard output when done (status 0),
/// or one line on standard error saying why nothing was done (status 1).
enum TransferCommand {
  case export(folder: String)
  case importNotes(folder: String)

  /// The transfer a command line asks for, if it asks for one.
  init?(_ command: Options.Command) {
    switch command {
    case .export(let folder): self = .export(folder: folder)
    case .importNotes(let folder): self = .importNotes(folder: folder)
    case .run, .help: return nil
    }
  }

  /// Runs it on the notes of `dataDirectory`; returns the exit status.
  func run(dataDirectory: String) -> Int32 {
    do {
      let done = try perform(dataDirectory: dataDirectory)
      StandardStreams.writeOutput(TerminalText.inert(done) + "\n")
      return 0
    } catch {
      StandardStreams.writeError("AppShell: \(TerminalText.inert(error.description))\n")
      return 1
    }
  }

  private func perform(dataDirectory: String) throws(PlainTextTransfer.Failure) -> String {
    switch self {
    case .export(let folder):
      let count = try PlainTextTransfer.export(from: dataDirectory, to: folder)
      return "exported \(count) note(s) to \(folder)"
    case .importNotes(let folder):
      let imported = try PlainTextTransfer.importNotes(from: folder, into: dataDirectory)
      var done =
        "imported \(imported.count) note(s) from \(folder) into \(dataDirectory)/notes.json"
      if !imported.skipped.isEmpty {
        let names = imported.skipped.prefix(3).joined(separator: ", ")
        let more = imported.skipped.count > 3 ? " and \(imported.skipped.count - 3) more" : ""
        done += "; passed over what is not a regular file: \(names)\(more)"
      }
      return done
    }
  }
}
