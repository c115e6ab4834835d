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

  /// The check that the file is still the one its writer knows runs after the writing, just
  /// before the rename: another program's write during a long one (a 10 MB note) is seen, and
  /// the file it wrote stays.
  @Test func aFileWrittenBySomeoneElseDuringTheWritingIsNotReplaced() throws {
    let directory = ScratchDirectory()
    let file = DurableFile(directory: directory.path, name: "notes.json")
    let known = try file.write(Array("ours".utf8))
    #expect(
      throws: DurableFileError.changed(path: file.path)
    ) {
      try file.write(
        streaming: { output in
          output.write("our next version")
          // Meanwhile, another program replaces the file.
          _ = try? DurableFile(directory: directory.path, name: "other").write(Array("theirs".utf8))
          rename(directory.path(of: "other"), file.path)
        }, unless: { $0 == nil || $0 == known })
    }
    #expect(try file.read() == Array("theirs".utf8))
    #expect(directory.entries() == ["notes.json"])
    // A file that is still the one known is replaced; so is one that went away.
    let theirs = try #require(file.fingerprint())
    try file.write(streaming: { $0.write("ours again") }, unless: { $0 == theirs })
    #expect(unlink(file.path) == 0)
    try file.write(streaming: { $0.write("ours") }, unless: { $0 == nil || $0 == theirs })
    #expect(try file.read() == Array("ours".utf8))
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
    // Every start can name them, oldest first, until the user moves or deletes them.
    #expect(file.keptAsideFiles() == [first, second].sorted())
    try DurableFile(directory: directory.path, name: "other.json").write([1])
    #expect(DurableFile(directory: directory.path, name: "other.json").keptAsideFiles().isEmpty)
  }

  /// A value read a block at a time is captured whole, byte for byte, across the reader's
  /// blocks, whether it was read a byte or a run at a time.
  @Test func aCaptureHoldsEveryByteReadAcrossBlocks() throws {
    let directory = ScratchDirectory()
    let file = DurableFile(directory: directory.path, name: "big.json")
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try file.write(bytes)
    let captured = try file.read { reader in
      for _ in 0..<10 { _ = reader.next() }
      reader.startCapture()
      var read = 0
      while read < 150_000, reader.readRun({ min($0.count, 150_000 - read, 5_000) }) {
        read = reader.offset - 10
        _ = reader.next()
      }
      let value = reader.endCapture()
      _ = reader.next()
      return value
    }
    let value = try #require(captured)
    #expect(value.count > 150_000)
    #expect(value == Array(bytes[10..<10 + value.count]))
  }

  @Test func writingIntoAMissingDirectoryFailsAndNamesTheStep() {
    let file = DurableFile(directory: "/nonexistent-durable-files", name: "counter.json")
    #expect(throws: DurableFileError.self) { try file.write([1]) }
  }
}
