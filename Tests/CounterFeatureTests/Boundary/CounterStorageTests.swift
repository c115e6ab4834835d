import CounterTerminalView
import DurableFiles
import FeatureBridge
import FeatureBridgeTesting
import SharedFileStorage
import StoreKernel
import TerminalUI
import Testing

@testable import CounterFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The count and the favorites survive a restart, and a second instance does not clobber them.
@StorageActor
@Suite(.timeLimit(.minutes(1))) struct CounterStorageTests {
  /// A fresh directory under /tmp, removed after `body`.
  func withDirectory(_ body: (String) async -> Void) async {
    var template = Array("/tmp/counter-storage-tests-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    defer {
      for name in DurableFile.entries(of: path) { unlink(path + "/" + name) }
      rmdir(path)
    }
    await body(path)
  }

  /// Starts a counter on `storage` and waits until its view shows what the storage kept.
  func start(
    _ storage: CounterStorage, favorites: SharedValue<Set<Int>>, showing expected: String
  ) async -> (Feature<CounterInput, CounterOutput>, any TerminalView) {
    let counter = CounterFeature.start(favorites: favorites, storage: storage)
    let view = CounterFeature.terminalView(of: counter)
    let lines = await observed({ view.render(width: 60, height: 8) }) {
      $0.joined(separator: "\n").contains(expected)
    }
    #expect(lines.joined(separator: "\n").contains(expected))
    return (counter, view)
  }

  /// The favorites kept in `directory`, as one run of the app holds them (a registry of its
  /// own stands for a process of its own).
  func keptFavorites(in directory: String) -> Shared<Set<Int>> {
    withDependencies {
      $0.sharedFileStorage = .disk
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      CounterFeature.favorites(inDirectory: directory)
    }
  }

  @Test func theCountAndTheFavoritesSurviveARestart() async {
    // The inputs may well arrive before the first load has finished: the stop still saves them.
    await withDirectory { directory in
      let storage = CounterStorage.file(inDirectory: directory)
      do {
        let (counter, _) = await start(
          storage, favorites: keptFavorites(in: directory), showing: "Favorites: none yet")
        #expect(await counter.send(.setCount(7)))
        #expect(await counter.send(.toggleFavorite))
        #expect(await counter.send(.increment))
        await counter.stop()
      }
      #expect(
        DurableFile.readOwnRegularFile(directory + "/favorites.json").map {
          String(decoding: $0, as: UTF8.self)
        } == #"{"favorites":[7],"format":"multistore-favorites","version":1}"#)
      // A new run of the app: new shared favorites, the same files.
      let favorites = keptFavorites(in: directory)
      let (counter, view) = await start(storage, favorites: favorites, showing: "Favorites: 7")
      // The count comes from the counter's own file, loaded apart from the shared favorites:
      // wait for it too.
      let lines = await observed({ view.render(width: 60, height: 8) }) {
        $0.contains("    [-]   8   [+]")
      }
      #expect(lines.contains("    [-]   8   [+]"))
      #expect(favorites.value == [7])
      await counter.stop()
    }
  }

  @Test func favoritesAnOlderBuildKeptInTheCountersFileStillLoad() async {
    await withDirectory { directory in
      let old = #"{"count":3,"favorites":[2,9],"format":"multistore-counter","version":1}"#
      #expect(DurableFile.createExclusively(directory + "/counter.json", Array(old.utf8)) == nil)
      let favorites = keptFavorites(in: directory)
      let (counter, _) = await start(
        .file(inDirectory: directory), favorites: favorites, showing: "Favorites: 2, 9")
      await counter.stop()
      #expect(favorites.value == [2, 9])
      let kept = DurableFile.readOwnRegularFile(directory + "/favorites.json")
      #expect(kept.map { String(decoding: $0, as: UTF8.self) }?.contains("[2,9]") == true)
    }
  }

  @Test func aStoppedCounterGivesUpItsFileAtOnce() async {
    await withDirectory { directory in
      // Held for the whole test: the lock must not wait for this value's release.
      let storage = CounterStorage.file(inDirectory: directory)
      let (first, _) = await start(
        storage, favorites: SharedValue([]), showing: "Favorites: none yet")
      #expect(await first.send(.setCount(5)))
      await first.stop()

      // Another storage on the file takes it as the writer: no refusal, and it can save.
      let second = CounterFeature.start(
        favorites: SharedValue([]), storage: .file(inDirectory: directory))
      let log = OutputLog(second.outputs)
      #expect(await second.send(.setCount(6)))
      await second.stop()
      #expect(!log.outputs.contains { if case .storageError = $0 { true } else { false } })
      let (reread, _) = await start(
        .file(inDirectory: directory), favorites: SharedValue([]), showing: "[-]   6   [+]")
      await reread.stop()
      withExtendedLifetime(storage) {}
    }
  }

  @Test func aSecondInstanceShowsTheKeptValuesButNeverWritesThem() async {
    await withDirectory { directory in
      // A kept count of 1: the view showing it says the first counter has loaded.
      do {
        try DurableFile(directory: directory, name: "counter.json").write(
          CounterRecord(count: 1, favorites: []).encoded())
      } catch {
        Issue.record("cannot write the counter file: \(error)")
      }
      let writer = CounterStorage.file(inDirectory: directory)
      let (first, _) = await start(writer, favorites: SharedValue([]), showing: "[-]   1   [+]")
      #expect(await first.send(.setCount(3)))
      // The save the input started is on disk once its effect has ended.
      await first.settle()

      // Another storage on the same directory is another writer: it is refused.
      let second = CounterFeature.start(
        favorites: SharedValue([]), storage: .file(inDirectory: directory))
      let log = OutputLog(second.outputs)
      #expect(await log.waitFor(count: 2))
      guard case .storageError(let message) = log.outputs.first else {
        Issue.record("expected a storage error first, got \(log.outputs)")
        return
      }
      #expect(message.contains("is in use by another process (pid \(getpid()))"))
      #expect(log.outputs.dropFirst().first == .countChanged(3))
      #expect(await second.send(.setCount(99)))
      await second.stop()
      await first.stop()

      let (reread, view) = await start(
        .file(inDirectory: directory), favorites: SharedValue([]), showing: "[-]   3   [+]")
      #expect(!view.render(width: 60, height: 8).joined().contains("99"))
      await reread.stop()
    }
  }
}
