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
    #expect(mkdir(directory.path + "/.locks", 0o700) == 0)
    #expect(mkdir(directory.path + "/.locks/notes.lock", 0o700) == 0)
    let first = WriterLock(directory: directory.path, name: "notes.lock")
    let second = WriterLock(directory: directory.path, name: "notes.lock")

    #expect(first.claim() == .held)
    #expect(second.claim() == .heldByOther(pid: nil))
  }

  @Test func theLockFilesAreInOneHiddenFolderNotBesideTheKeptFiles() throws {
    let directory = ScratchDirectory()
    let notes = WriterLock(directory: directory.path, name: "notes.lock")
    let counter = WriterLock(directory: directory.path, name: "counter.lock")
    #expect(notes.claim() == .held)
    #expect(counter.claim() == .held)
    #expect(notes.path == directory.path + "/.locks/notes.lock")
    #expect(entries(of: directory.path) == [".locks"])
    #expect(entries(of: directory.path + "/.locks") == ["counter.lock", "notes.lock"])
  }

  @Test func anEarlierBuildsLockBesideTheFileIsHonouredWhileHeldAndRemovedOnceFree() throws {
    let directory = ScratchDirectory()
    let legacy = directory.path + "/notes.lock"
    // An earlier build, still running, holds the lock file beside the notes.
    let older = open(legacy, O_RDWR | O_CREAT, 0o600)
    #expect(older >= 0)
    #expect(flock(older, LOCK_EX | LOCK_NB) == 0)
    let lock = WriterLock(directory: directory.path, name: "notes.lock")
    #expect(lock.claim() == .heldByOther(pid: nil))
    #expect(!lock.isHeld)

    close(older)
    #expect(lock.claim() == .held)
    #expect(entries(of: directory.path) == [".locks"])
  }

  @Test func aFileInPlaceOfTheLockFolderMakesTheLockUnavailable() {
    let directory = ScratchDirectory()
    let file = open(directory.path + "/.locks", O_RDWR | O_CREAT, 0o600)
    close(file)
    let lock = WriterLock(directory: directory.path, name: "notes.lock")
    guard case .unavailable = lock.claim() else {
      Issue.record("a lock was taken with a file in place of its folder")
      return
    }
  }

  private func entries(of path: String) -> [String] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}
