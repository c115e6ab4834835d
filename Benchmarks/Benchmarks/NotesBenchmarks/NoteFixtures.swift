import Foundation

/// Text the benchmarks type into: lines of prose of 20 to 90 characters, like a real note.
enum NoteFixtures {
  /// About `bytes` of prose.
  static func prose(bytes: Int, seed: Int = 0) -> String {
    var text = ""
    text.reserveCapacity(bytes + 100)
    var line = seed
    while text.utf8.count < bytes {
      let words = 3 + (line * 7) % 13
      text += "Line \(line):" + String(repeating: " word", count: words) + "\n"
      line += 1
    }
    return text
  }

  /// About `bytes` of accented words ("café résumé naïve ..."), a different mix for each
  /// `seed`: notes that a search for `é` narrows to most of them.
  static func accentedWords(bytes: Int, seed: Int) -> String {
    let words = ["café", "résumé", "naïve", "crème", "déjà", "plan", "idea", "list", "straße"]
    var text = ""
    var index = seed
    while text.utf8.count < bytes {
      text += words[index % words.count] + " "
      index += 7
    }
    return text
  }

  /// About `bytes` of accented text in lines, as pasted from a document.
  static func pastedText(bytes: Int) -> String {
    var text = ""
    var line = 0
    while text.utf8.count < bytes {
      text += "ligne \(line) : été, crème brûlée, garçon, déjà vu, Über straße\n"
      line += 1
    }
    return text
  }

  /// A notes file holding `notes`, written to a new temporary directory; returns the directory.
  static func dataDirectory(holding notes: [(title: String, body: String)]) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-benchmarks-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let encoded = notes.enumerated().map { index, note in
      [
        "id": index + 1, "title": note.title, "body": note.body, "revision": notes.count - index,
      ] as [String: Any]
    }
    let document: [String: Any] = [
      "format": "multistore-notes", "version": 1, "notes": encoded,
    ]
    let data = try JSONSerialization.data(withJSONObject: document)
    try data.write(to: URL(fileURLWithPath: directory + "/notes.json"))
    return directory
  }

  /// This process's resident memory, in kilobytes (Linux: /proc/self/statm).
  static func residentKilobytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }
}
