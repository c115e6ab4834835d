import NotesFeature
import NotesService

// Reads one request a line from standard input and prints what the service answers:
//   new TITLE: BODY     adds a note and prints its id
//   count               prints how many notes there are
//   save                saves now
// The notes are kept in the directory given as the first argument, in memory without one.
let arguments = CommandLine.arguments
let storage: NotesStorage =
  arguments.count > 1 ? .file(inDirectory: arguments[1]) : .inMemory()

@NotesServiceActor
func serve(_ storage: NotesStorage) async {
  let service = NotesService(storage: storage)
  await service.settle()
  while let line = readLine() {
    if line.hasPrefix("new ") {
      let request = line.dropFirst("new ".count)
      let title = request.prefix { $0 != ":" }
      let body = request.dropFirst(title.count).drop { $0 == ":" || $0 == " " }
      if let id = await service.create(title: String(title), body: String(body)) {
        print("created \(id)")
      }
    } else if line == "count" {
      print("\(service.noteCount) notes")
    } else if line == "save" {
      print(await service.save() ? "saved" : "not saved")
    } else if !line.isEmpty {
      print("unknown request: \(line)")
    }
  }
  await service.stop()
}

await serve(storage)
