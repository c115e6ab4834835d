import CounterTerminalView
import DurableFiles
import FeatureBridge
import FeatureBridgeTesting
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
@MainActor
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

  @Test func theCountAndTheFavoritesSurviveARestart() async {
    // The inputs may well arrive before the first load has finished: the stop still saves them.
    await withDirectory { directory in
      let storage = CounterStorage.file(inDirectory: directory)
      do {
        let (counter, _) = await start(
          storage, favorites: SharedValue([]), showing: "Favorites: none yet")
        #expect(await counter.send(.setCount(7)))
        #expect(await counter.send(.toggleFavorite))
        #expect(await counter.send(.increment))
        await counter.stop()
      }
      // A new run of the app: new shared favorites, the same file.
      let favorites = SharedValue<Set<Int>>([])
      let (counter, view) = await start(
        storage, favorites: favorites, showing: "[-]   8   [+]")
      #expect(view.render(width: 60, height: 8).contains("    Favorites: 7"))
      #expect(favorites.value == [7])
      await counter.stop()
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
