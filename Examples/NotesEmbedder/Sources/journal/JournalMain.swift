import JournalHost
import NotesFeature

/// `swift run --package-path Examples/NotesEmbedder journal [--data-dir PATH] < entries.txt`:
/// writes each line of standard input as a journal entry (`:search TEXT` and `:save` are
/// commands), prints the journal, then stops it, which saves, and prints what it heard.
@main
enum JournalMain {
  static func main() async {
    var lines: [String] = []
    while let line = readLine() { lines.append(line) }
    await run(arguments: Array(CommandLine.arguments.dropFirst()), lines: lines)
  }

  @JournalActor
  static func run(arguments: [String], lines: [String]) async {
    let storage: NotesStorage =
      if arguments.count == 2, arguments[0] == "--data-dir" {
        .file(inDirectory: arguments[1])
      } else {
        .inMemory()
      }
    let journal = Journal(features: .live(storage: storage))
    for line in lines where !line.isEmpty {
      if line == ":save" {
        await journal.save()
      } else if line.hasPrefix(":search ") {
        await journal.search(String(line.dropFirst(":search ".count)))
      } else {
        await journal.write(line)
      }
    }
    // The entries are on screen at once (the notes' view handles keys synchronously); the
    // count reaches the counter through the journal, asynchronously.
    await journal.settle()
    print(journal.render(width: 72, height: 14).joined(separator: "\n"))
    await journal.stop()
    print("entries: \(journal.entryCount), \(journal.status)")
  }
}
