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
}
