import DurableFiles
import Testing

@testable import CounterFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The counter file: a JSON record, checked when read, kept aside when corrupt.
@Suite struct CounterFileTests {
  func withFile(_ body: (CounterFile, String) throws -> Void) rethrows {
    var template = Array("/tmp/counter-file-tests-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    defer {
      for name in DurableFile.entries(of: path) { unlink(path + "/" + name) }
      rmdir(path)
    }
    try body(CounterFile(directory: path), path)
  }

  @Test func aSavedRecordLoadsBackAndNoFileIsNoRecord() throws {
    try withFile { file, _ in
      #expect(try file.load(readOnly: false) == nil)
      let record = CounterRecord(count: -4, favorites: [9, 2])
      try file.save(record)
      #expect(try file.load(readOnly: false) == record)
      #expect(record.favorites == [2, 9])
    }
  }

  @Test(arguments: [
    "not json", #"{"format":"other","version":1,"count":1,"favorites":[]}"#,
    #"{"format":"multistore-counter","version":2,"count":1,"favorites":[]}"#,
    #"{"format":"multistore-counter","version":1,"count":"one","favorites":[]}"#,
  ])
  func aFileThatIsNotACounterRecordIsKeptAsideAndReported(contents: String) throws {
    try withFile { file, directory in
      try DurableFile(directory: directory, name: "counter.json").write(Array(contents.utf8))
      #expect(throws: DurableFileError.self) { try file.load(readOnly: true) }
      #expect(DurableFile.entries(of: directory) == ["counter.json"])
      do throws(DurableFileError) {
        _ = try file.load(readOnly: false)
        Issue.record("a corrupt file loaded")
      } catch {
        guard case .corrupt(let path, let keptAt, _) = error else {
          Issue.record("expected corrupt, got \(error)")
          return
        }
        #expect(path == file.path)
        #expect(DurableFile.entries(of: directory) == [String(keptAt.split(separator: "/").last!)])
        #expect(
          DurableFile(directory: directory, name: String(keptAt.split(separator: "/").last!))
            .readBytes() == Array(contents.utf8))
      }
    }
  }
}

extension DurableFile {
  /// The file's bytes, for checks.
  fileprivate func readBytes() -> [UInt8]? { try? read() }
}
