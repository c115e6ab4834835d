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
@Suite(.timeLimit(.minutes(10))) struct CounterStorageTests {
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
    _ storage: CounterStorage, favorites: Shared<Set<Int>>, showing expected: String
  ) async -> (FeatureHandle<CounterInput, CounterOutput>, any TerminalView) {
    let counter = CounterFeature.launcher.start(.init(favorites: favorites, storage: storage))
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

  /// What is left of a counter's outputs until it has stopped (the stream then finishes).
  func remainingOutputs(
    _ outputs: inout AsyncStream<CounterOutput>.Iterator
  ) async -> [CounterOutput] {
    var rest: [CounterOutput] = []
    while let output = await outputs.next(isolation: #isolation) { rest.append(output) }
    return rest
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
      #expect(favorites.wrappedValue == [7])
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
      #expect(favorites.wrappedValue == [2, 9])
      let kept = DurableFile.readOwnRegularFile(directory + "/favorites.json")
      #expect(kept.map { String(decoding: $0, as: UTF8.self) }?.contains("[2,9]") == true)
    }
  }

  @Test func oldFavoritesJoinTheKeptOnesAndLeaveTheCountersFileOnlyOnceTheirFileHasThem() async {
    let events = StorageEvents()
    let saves = Gate()
    // The favorites' file holds 1 and 4; the counter's file, from an older build, 2 and 9.
    let favorites = withDependencies {
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      Shared(
        wrappedValue: Set<Int>(), GatedFavoritesKey(kept: [1, 4], events: events, saves: saves))
    }
    let storage = CounterStorage(
      load: { LoadedCounter(record: CounterRecord(count: 3, favorites: [2, 9])) },
      save: { record, _ in events.record("counter saved \(record.favorites)") })
    // The effects run on one executor, whose idleness says they have done all they can.
    let executor = SerialEffectExecutor(label: "migration-effects")
    let counter = CounterFeature.launcher.start(.init(favorites: favorites, storage: storage)) {
      $0.effectExecutor = executor
    }
    // While the favorites' save is under way, the counter's file keeps them.
    await events.waitFor("favorites save began")
    await executor.settle()
    #expect(!events.events.contains("counter saved []"), "\(events.events)")
    saves.open()
    await events.waitFor("counter saved []")
    await counter.stop()

    // Both kept lists survive: the old file's favorites were merged after the favorites' load.
    #expect(favorites.wrappedValue == [1, 2, 4, 9])
    // The counter's file was written without them only after the favorites' file held them.
    let order = events.events
    let moved = order.firstIndex(of: "favorites saved [1, 2, 4, 9]")
    let dropped = order.firstIndex(of: "counter saved []")
    #expect(moved != nil, "\(order)")
    #expect(moved.flatMap { moved in dropped.map { moved < $0 } } == true, "\(order)")
  }

  @Test func aCorruptFavoritesFileIsKeptAsideReportedAndTheCounterRunsWithoutIt() async {
    await withDirectory { directory in
      let bad = Array(#"{"favorites":[1,"#.utf8)
      #expect(DurableFile.createExclusively(directory + "/favorites.json", bad) == nil)
      let favorites = keptFavorites(in: directory)
      let counter = CounterFeature.launcher.start(
        .init(favorites: favorites, storage: .file(inDirectory: directory)))
      // Read from the stream itself: a missing output ends the wait at the test's time limit.
      var outputs = counter.outputs.makeAsyncIterator()
      let first = await outputs.next(isolation: #isolation)
      guard case .storageError(let message) = first,
        let kept = DurableFile.entries(of: directory).first(where: {
          $0.hasPrefix("favorites.json.corrupt-")
        })
      else {
        Issue.record("expected a storage error and a kept file: \(String(describing: first))")
        await counter.stop()
        return
      }
      // The message names the file, what is wrong with it, and where it was kept.
      #expect(message.hasPrefix(directory + "/favorites.json is corrupt ("), "\(message)")
      #expect(message.contains("kept as \(directory)/\(kept)"), "\(message)")
      #expect(DurableFile.readOwnRegularFile(directory + "/" + kept) == bad)
      // The counter runs on no favorites, and saves a new one in a new file.
      #expect(favorites.wrappedValue == [])
      #expect(await counter.send(.toggleFavorite))
      await counter.stop()
      #expect(
        DurableFile.readOwnRegularFile(directory + "/favorites.json").map {
          String(decoding: $0, as: UTF8.self)
        } == #"{"favorites":[0],"format":"multistore-favorites","version":1}"#)
      #expect(DurableFile.readOwnRegularFile(directory + "/" + kept) == bad)
      let rest = await remainingOutputs(&outputs)
      #expect(!rest.contains { if case .storageError = $0 { true } else { false } }, "\(rest)")
    }
  }

  /// What may be found in place of `favorites.json` that the counter cannot use.
  enum UnusableFavorites: String, CaseIterable, Sendable {
    case directory, fifo, heldByAnotherInstance
  }

  @Test(arguments: UnusableFavorites.allCases)
  func aFavoritesFileThatCannotBeUsedIsReportedOnceAndNeverWritten(
    _ unusable: UnusableFavorites
  ) async {
    await withDirectory { directory in
      let path = directory + "/favorites.json"
      var other: Shared<Set<Int>>?
      var before: [UInt8]?
      var status = stat()
      switch unusable {
      case .directory: #expect(mkdir(path, 0o700) == 0)
      case .fifo: #expect(mkfifo(path, 0o600) == 0)
      case .heldByAnotherInstance:
        // Another run of the app is the file's writer: it keeps it.
        let writer = keptFavorites(in: directory)
        await writer.loaded()
        writer.withLock { $0 = [5] }
        await writer.save()
        other = writer
        before = DurableFile.readOwnRegularFile(path)
      }
      let favorites = keptFavorites(in: directory)
      let counter = CounterFeature.launcher.start(.init(favorites: favorites))
      var outputs = counter.outputs.makeAsyncIterator()
      let first = await outputs.next(isolation: #isolation)
      guard case .storageError(let message) = first else {
        Issue.record("expected a storage error, got \(String(describing: first))")
        await counter.stop()
        return
      }
      #expect(message.contains(path), "\(message)")
      switch unusable {
      case .directory, .fifo:
        #expect(message.hasPrefix("cannot read \(path) ("), "\(message)")
        #expect(message.hasSuffix("it will not be overwritten"), "\(message)")
      case .heldByAnotherInstance:
        #expect(message.contains("is in use by another"), "\(message)")
        #expect(favorites.wrappedValue == [5])
      }
      // What the user does is kept in memory for the run, and never written to the file.
      #expect(await counter.send(.toggleFavorite))
      await counter.stop()
      #expect(favorites.wrappedValue.contains(0))
      #expect(lstat(path, &status) == 0)
      switch unusable {
      case .directory: #expect(status.st_mode & S_IFMT == S_IFDIR)
      case .fifo: #expect(status.st_mode & S_IFMT == S_IFIFO)
      case .heldByAnotherInstance:
        #expect(before != nil)
        #expect(DurableFile.readOwnRegularFile(path) == before)
      }
      // Reported once: not again as the counter stops.
      let rest = await remainingOutputs(&outputs)
      #expect(!rest.contains { if case .storageError = $0 { true } else { false } }, "\(rest)")
      withExtendedLifetime(other) {}
      for name in DurableFile.entries(of: path) { unlink(path + "/" + name) }
      rmdir(path)
    }
  }

  /// Root reads files whatever their mode: as root (in CI), the test runs again as nobody.
  @Test func aFavoritesFileWithoutReadPermissionIsReportedAndKept() async throws {
    if try await reranAsNobody(
      suite: "CounterStorageTests", test: "aFavoritesFileWithoutReadPermissionIsReportedAndKept")
    {
      return
    }
    await withDirectory { directory in
      let path = directory + "/favorites.json"
      let original = Array(#"{"favorites":[5],"format":"multistore-favorites","version":1}"#.utf8)
      #expect(DurableFile.createExclusively(path, original) == nil)
      #expect(chmod(path, 0) == 0)
      let favorites = keptFavorites(in: directory)
      let counter = CounterFeature.launcher.start(.init(favorites: favorites))
      var outputs = counter.outputs.makeAsyncIterator()
      let first = await outputs.next(isolation: #isolation)
      #expect(first.map { "\($0)" }?.contains("cannot read \(path)") == true)
      #expect(await counter.send(.toggleFavorite))
      await counter.stop()
      #expect(favorites.wrappedValue == [0])
      #expect(chmod(path, 0o600) == 0)
      #expect(DurableFile.readOwnRegularFile(path) == original)
    }
  }

  /// A directory the app may read but not write: the load works, the save fails and is
  /// reported as the counter stops, and the favorites stay in memory. As root (in CI), the
  /// test runs again as nobody.
  @Test func favoritesInAReadOnlyDirectoryAreReportedUnsavedAndKept() async throws {
    if try await reranAsNobody(
      suite: "CounterStorageTests", test: "favoritesInAReadOnlyDirectoryAreReportedUnsavedAndKept")
    {
      return
    }
    await withDirectory { directory in
      let path = directory + "/favorites.json"
      let original = Array(#"{"favorites":[5],"format":"multistore-favorites","version":1}"#.utf8)
      #expect(DurableFile.createExclusively(path, original) == nil)
      #expect(chmod(directory, 0o500) == 0)
      defer { chmod(directory, 0o700) }
      let favorites = keptFavorites(in: directory)
      let counter = CounterFeature.launcher.start(.init(favorites: favorites))
      var outputs = counter.outputs.makeAsyncIterator()
      await favorites.loaded()
      #expect(favorites.wrappedValue == [5])
      #expect(await counter.send(.toggleFavorite))
      await counter.stop()
      let all = await remainingOutputs(&outputs)
      let errors = all.compactMap { if case .storageError(let e) = $0 { e } else { nil } }
      #expect(errors.count == 1, "\(all)")
      #expect(errors.first?.hasPrefix("cannot save \(path) (") == true, "\(errors)")
      #expect(favorites.wrappedValue == [0, 5])
      #expect(DurableFile.readOwnRegularFile(path) == original)
    }
  }

  /// A save of the shared favorites that failed before the counter started (another feature
  /// changed them) is not the load's refusal: it is reported once, as the counter stops, not
  /// also by the report of the load. Read-only directory: as root (in CI), the test runs again
  /// as nobody.
  @Test func aSaveThatFailedBeforeTheCounterStartedIsReportedOnce() async throws {
    if try await reranAsNobody(
      suite: "CounterStorageTests", test: "aSaveThatFailedBeforeTheCounterStartedIsReportedOnce")
    {
      return
    }
    await withDirectory { directory in
      let path = directory + "/favorites.json"
      let original = Array(#"{"favorites":[5],"format":"multistore-favorites","version":1}"#.utf8)
      #expect(DurableFile.createExclusively(path, original) == nil)
      #expect(chmod(directory, 0o500) == 0)
      defer { chmod(directory, 0o700) }
      let favorites = keptFavorites(in: directory)
      await favorites.loaded()
      favorites.withLock { _ = $0.insert(7) }
      await favorites.save()
      #expect(favorites.saveError != nil)

      let counter = CounterFeature.launcher.start(.init(favorites: favorites))
      var outputs = counter.outputs.makeAsyncIterator()
      await counter.settle()
      await counter.stop()
      let all = await remainingOutputs(&outputs)
      let errors = all.compactMap { if case .storageError(let e) = $0 { e } else { nil } }
      #expect(errors.count == 1, "\(all)")
      #expect(favorites.wrappedValue == [5, 7])
      #expect(DurableFile.readOwnRegularFile(path) == original)
    }
  }

  @Test func aStoppedCounterGivesUpItsFileAtOnce() async {
    await withDirectory { directory in
      // Held for the whole test: the lock must not wait for this value's release.
      let storage = CounterStorage.file(inDirectory: directory)
      let (first, _) = await start(
        storage, favorites: Shared(value: []), showing: "Favorites: none yet")
      #expect(await first.send(.setCount(5)))
      await first.stop()

      // Another storage on the file takes it as the writer: no refusal, and it can save.
      let second = CounterFeature.launcher.start(
        .init(favorites: Shared(value: []), storage: .file(inDirectory: directory)))
      let log = OutputLog(second.outputs)
      #expect(await second.send(.setCount(6)))
      await second.stop()
      #expect(
        !log.outputs.contains { if case .storageError = $0 { true } else { false } },
        "\(log.outputs)")
      let (reread, _) = await start(
        .file(inDirectory: directory), favorites: Shared(value: []), showing: "[-]   6   [+]")
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
      let (first, _) = await start(writer, favorites: Shared(value: []), showing: "[-]   1   [+]")
      #expect(await first.send(.setCount(3)))
      // The save the input started is on disk once its effect has ended.
      await first.settle()

      // Another storage on the same directory is another writer: it is refused.
      let second = CounterFeature.launcher.start(
        .init(favorites: Shared(value: []), storage: .file(inDirectory: directory)))
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
        .file(inDirectory: directory), favorites: Shared(value: []), showing: "[-]   3   [+]")
      #expect(!view.render(width: 60, height: 8).joined().contains("99"))
      await reread.stop()
    }
  }
}
