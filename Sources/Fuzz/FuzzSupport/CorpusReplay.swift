import Foundation

/// The normal (non-fuzzing) build of a fuzz target: replays a corpus through the same checks,
/// so CI's build and a replay of the committed corpus act as a regression test.
package enum CorpusReplay {
  /// Feeds every file named in `arguments`, or found directly inside a directory named there,
  /// to `check`; returns how many inputs it replayed. Exits with status 2 when a path cannot be
  /// read.
  package static func run(arguments: ArraySlice<String>, _ check: ([UInt8]) -> Void) -> Int {
    var replayed = 0
    for path in arguments {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("no such file or directory: \(path)\n".utf8))
        exit(2)
      }
      let files: [String]
      if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files = names.sorted().map { path + "/" + $0 }
      } else {
        files = [path]
      }
      for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
          exit(2)
        }
        check(Array(data))
        replayed += 1
      }
    }
    return replayed
  }
}
