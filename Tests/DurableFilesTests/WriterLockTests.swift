import Testing

@testable import DurableFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer per kept file.
@Suite struct WriterLockTests {
  @Test func aSecondLockOnTheSameFileIsRefusedAndNamesTheHolder() {
    let directory = ScratchDirectory()
    let first = WriterLock(directory: directory.path, name: "notes.lock")
    let second = WriterLock(directory: directory.path, name: "notes.lock")
    #expect(first.claim() == .held)
    #expect(first.claim() == .held)
    #expect(second.claim() == .heldByOther(pid: getpid()))
    #expect(!second.isHeld)
  }

  @Test func releasingTheHolderLetsTheNextOneClaim() {
    let directory = ScratchDirectory()
    var first: WriterLock? = WriterLock(directory: directory.path, name: "notes.lock")
    #expect(first?.claim() == .held)
    first = nil
    let second = WriterLock(directory: directory.path, name: "notes.lock")
    #expect(second.claim() == .held)
    #expect(first == nil)
  }

  @Test func locksOfDifferentFilesInOneDirectoryAreIndependent() {
    let directory = ScratchDirectory()
    let notes = WriterLock(directory: directory.path, name: "notes.lock")
    let counter = WriterLock(directory: directory.path, name: "counter.lock")
    #expect(notes.claim() == .held)
    #expect(counter.claim() == .held)
  }

  @Test func aLockFileThatCannotBeWrittenIsStillLockedForEveryWriter() {
    let directory = ScratchDirectory()
    // A lock path that cannot be opened for writing (a directory here: this holds even for
    // root, whom a read-only file would not stop) is locked through a read-only descriptor, so
    // a second writer is still told the lock is held instead of writing beside the first.
    #expect(mkdir(directory.path + "/notes.lock", 0o700) == 0)
    let first = WriterLock(directory: directory.path, name: "notes.lock")
    let second = WriterLock(directory: directory.path, name: "notes.lock")

    #expect(first.claim() == .held)
    #expect(second.claim() == .heldByOther(pid: nil))
  }
}
