import Testing

@testable import DurableFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rules every kept file follows: atomic replacement, regular files only, corrupt files
/// kept aside.
@Suite struct DurableFileTests {
  @Test func aWrittenFileReadsBackAndLeavesNoTemporaryFile() throws {
    let directory = ScratchDirectory()
    let file = DurableFile(directory: directory.path, name: "counter.json")
    #expect(try file.read() == nil)
    try file.write(Array("first".utf8))
    try file.write(Array("second".utf8))
    #expect(try file.read() == Array("second".utf8))
    #expect(directory.entries() == ["counter.json"])
  }

  @Test func aSymbolicLinkIsNeitherReadNorWrittenThrough() throws {
    let directory = ScratchDirectory()
    let outside = directory.path(of: "outside")
    try DurableFile(directory: directory.path, name: "outside").write(Array("keep".utf8))
    #expect(symlink(outside, directory.path(of: "counter.json")) == 0)
    let file = DurableFile(directory: directory.path, name: "counter.json")
    #expect(
      throws: DurableFileError.unreadable(path: file.path, reason: DurableFile.symbolicLinkReason)
    ) {
      try file.read()
    }
    #expect(
      throws: DurableFileError.writeFailed(path: file.path, reason: DurableFile.symbolicLinkReason)
    ) {
      try file.write(Array("x".utf8))
    }
    #expect(directory.contents(of: "outside") == Array("keep".utf8))
  }

  @Test func aFIFOIsReportedWithoutWaitingAndAFileOverTheLimitIsRefused() throws {
    let directory = ScratchDirectory()
    #expect(mkfifo(directory.path(of: "fifo.json"), 0o600) == 0)
    let fifo = DurableFile(directory: directory.path, name: "fifo.json")
    #expect(
      throws: DurableFileError.unreadable(
        path: fifo.path, reason: "it is a FIFO (named pipe), not a file")
    ) {
      try fifo.read()
    }
    let big = DurableFile(directory: directory.path, name: "big.json", sizeLimit: 4)
    try big.write(Array("12345".utf8))
    #expect(throws: DurableFileError.self) { try big.read() }
  }

  @Test func aCorruptFileIsKeptAsideUnderANameOfItsOwn() throws {
    let directory = ScratchDirectory()
    let file = DurableFile(directory: directory.path, name: "counter.json")
    try file.write(Array("garbage".utf8))
    let first = try file.keepAside().get()
    try file.write(Array("more garbage".utf8))
    let second = try file.keepAside().get()
    #expect(first != second)
    #expect(first.hasPrefix(file.path + ".corrupt-"))
    #expect(try file.read() == nil)
    #expect(directory.entries().count == 2)
  }

  @Test func writingIntoAMissingDirectoryFailsAndNamesTheStep() {
    let file = DurableFile(directory: "/nonexistent-durable-files", name: "counter.json")
    #expect(throws: DurableFileError.self) { try file.write([1]) }
  }
}
