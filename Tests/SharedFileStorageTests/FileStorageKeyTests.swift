import DurableFiles
import SharedFileStorage
import StoreKernel
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Holders of a file-kept value, each registry standing for one process.
private func holder(
  _ path: String, in registry: SharedRegistry = SharedRegistry(), default value: [Int] = [],
  saveDelay: Duration = .milliseconds(20)
) -> Shared<[Int]> {
  withDependencies {
    $0.sharedFileStorage = .disk
    $0.sharedRegistry = registry
  } operation: {
    Shared(wrappedValue: value, .fileStorage(path, saveDelay: saveDelay))
  }
}

extension SharedKey where Self == FileStorageKey<[Int]>.Default {
  /// A file key with its default, declared as TCA's SyncUps declares `.syncUps`.
  fileprivate static var favoriteNumbers: Self {
    Self[.fileStorage("/nonexistent/favorite-numbers.json"), default: [7]]
  }
}

private func text(_ bytes: [UInt8]?) -> String? {
  bytes.map { String(decoding: $0, as: UTF8.self) }
}

@Suite(.timeLimit(.minutes(10))) struct FileStorageKeyTests {
  @Test func aSavedValueIsLoadedByTheNextProcess() async {
    let directory = ScratchDirectory()
    let path = directory.path(of: "favorites.json")
    let first = holder(path)
    await first.loaded()
    first.withLock { $0 = [3, 1] }
    await first.save()
    #expect(text(directory.contents(of: "favorites.json")) == "[3,1]")

    let second = holder(path)
    await second.loaded()
    #expect(second.wrappedValue == [3, 1])
    #expect(second.loadError == nil)
  }

  /// Issue 40, bug A: the save the last holder scheduled kept its storage, and the file's
  /// writer lock, for the save delay, so a value made for the file meanwhile (a feature
  /// restarted in the same process) was refused as a second writer and lost what it recorded.
  @Test func aValueMadeAtOnceAfterTheLastHolderIsLetGoSavesAndKeepsBothValues() async {
    let directory = ScratchDirectory()
    let path = directory.path(of: "log.json")
    let registry = SharedRegistry()
    // A delay no test waits out: the first change is still pending when the holder goes.
    let delay = Duration.seconds(30)
    do {
      let first = holder(path, in: registry, saveDelay: delay)
      await first.loaded()
      first.withLock { $0.append(1) }
    }
    let second = holder(path, in: registry, saveDelay: delay)
    await second.loaded()
    #expect(second.wrappedValue == [1])
    second.withLock { $0.append(2) }
    await second.save()
    #expect(second.saveError == nil)
    #expect(text(directory.contents(of: "log.json")) == "[1,2]")
  }

  @Test func twoHoldersOfTheSameKeyInOneProcessShareOneValue() async {
    let directory = ScratchDirectory()
    let registry = SharedRegistry()
    let first = holder(directory.path(of: "shared.json"), in: registry)
    let second = holder(directory.path(of: "shared.json"), in: registry, default: [9])
    first.withLock { $0.append(1) }
    #expect(second.wrappedValue == [1])
  }

  @Test func aBurstOfAThousandChangesIsAHandfulOfWrites() async throws {
    let directory = ScratchDirectory()
    let shared = holder(directory.path(of: "burst.json"))
    await shared.loaded()
    for value in 0..<1_000 { shared.withLock { $0.append(value) } }
    await shared.save()
    let counts = try #require(shared.fileWriteCounts)
    #expect(counts.writes >= 1)
    #expect(counts.writes <= 5, "\(counts.writes) writes")
    let kept = holder(directory.path(of: "burst.json"))
    await kept.loaded()
    #expect(kept.wrappedValue == Array(0..<1_000))
  }

  @Test(arguments: ["not json", "[1, 2,", ""])
  func aFileThatIsNotAValueIsKeptAsideReportedAndTheDefaultIsUsed(contents: String) async throws {
    let directory = ScratchDirectory()
    directory.write(contents, to: "favorites.json")
    let shared = holder(directory.path(of: "favorites.json"), default: [7])
    await shared.loaded()

    #expect(shared.wrappedValue == [7])
    let error = try #require(shared.loadError as? DurableFileError)
    guard case .corrupt(_, let keptAt, _) = error else {
      Issue.record("expected a corrupt file, got \(error)")
      return
    }
    let aside = String(keptAt.split(separator: "/").last ?? "")
    #expect(text(directory.contents(of: aside)) == contents)
    // A change writes a new file; the kept one is left as it was.
    shared.withLock { $0.append(8) }
    await shared.save()
    #expect(text(directory.contents(of: "favorites.json")) == "[7,8]")
    #expect(text(directory.contents(of: aside)) == contents)
  }

  @Test func aDirectoryInPlaceOfTheFileIsReportedAndNeverWritten() async {
    let directory = ScratchDirectory()
    #expect(mkdir(directory.path(of: "favorites.json"), 0o700) == 0)
    let shared = holder(directory.path(of: "favorites.json"), default: [1])
    await shared.loaded()
    #expect(shared.loadError != nil)

    shared.withLock { $0.append(2) }
    await shared.save()
    #expect(shared.saveError != nil)
    #expect(shared.fileWriteCounts?.writes == 0)
    var status = stat()
    #expect(stat(directory.path(of: "favorites.json"), &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFDIR)
    #expect(shared.wrappedValue == [1, 2])
  }

  @Test func aFIFOInPlaceOfTheFileIsReportedWithoutWaiting() async {
    let directory = ScratchDirectory()
    #expect(mkfifo(directory.path(of: "favorites.json"), 0o600) == 0)
    let shared = holder(directory.path(of: "favorites.json"))
    await shared.loaded()
    #expect(shared.loadError != nil)
    shared.withLock { $0.append(2) }
    await shared.save()
    #expect(shared.fileWriteCounts?.writes == 0)
  }

  @Test func aSecondWriterReadsTheFileAndSavesNothing() async {
    let directory = ScratchDirectory()
    let path = directory.path(of: "favorites.json")
    let writer = holder(path)
    await writer.loaded()
    writer.withLock { $0 = [1] }
    await writer.save()

    let second = holder(path)
    await second.loaded()
    #expect(second.wrappedValue == [1])
    second.withLock { $0 = [2] }
    await second.save()
    #expect(second.saveError as? DurableFileError != nil)
    #expect(second.fileWriteCounts?.writes == 0)
    #expect(text(directory.contents(of: "favorites.json")) == "[1]")
  }

  /// As root, permissions stop nothing: a data directory that is gone stands for one that
  /// cannot be written (read-only, full).
  @Test func aDirectoryThatCannotBeWrittenIsReportedAndTheValueIsKeptInMemory() async {
    let directory = ScratchDirectory()
    let subdirectory = directory.path(of: "data")
    #expect(mkdir(subdirectory, 0o700) == 0)
    let shared = holder(subdirectory + "/favorites.json")
    await shared.loaded()
    remove(subdirectory + "/.locks/favorites.json.lock")
    #expect(rmdir(subdirectory + "/.locks") == 0)
    #expect(rmdir(subdirectory) == 0)

    shared.withLock { $0 = [4] }
    await shared.save()
    #expect(shared.saveError != nil)
    #expect(shared.wrappedValue == [4])
  }

  /// The Dependencies article quotes this test.
  @Test func aTestThatAsksForTheDiskKeepsTheValueInItsFile() async {
    let directory = ScratchDirectory()
    let path = directory.path(of: "favorites.json")
    let favorites = withDependencies {
      $0.sharedFileStorage = .disk
    } operation: {
      Shared(wrappedValue: Set<Int>(), .fileStorage(path))
    }
    await favorites.loaded()
    favorites.withLock { $0 = [3] }
    await favorites.save()
    #expect(text(directory.contents(of: "favorites.json")) == "[3]")
  }

  @Test func aFileKeyWithADefaultNeedsNoTypeOrValueWhereItIsHeld() {
    withDependencies {
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      // In memory: a test that did not ask for the disk.
      @Shared(.favoriteNumbers) var favorites
      #expect(favorites == [7])
      @Shared(.fileStorage("/nonexistent/favorite-numbers.json")) var same: [Int] = []
      $favorites.withLock { $0.append(8) }
      #expect(same == [7, 8])
    }
  }

  @Test func inATestTheValueStaysInMemoryUnlessTheTestAsksForTheDisk() async {
    let directory = ScratchDirectory()
    let shared = withDependencies {
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      Shared(wrappedValue: [Int](), .fileStorage(directory.path(of: "memory.json")))
    }
    shared.withLock { $0 = [1] }
    await shared.save()
    #expect(directory.entries().isEmpty)
    #expect(shared.fileWriteCounts == nil)
  }
}
