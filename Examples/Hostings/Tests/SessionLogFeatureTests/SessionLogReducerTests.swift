import Foundation
import SharedFileStorage
import StoreKernel
import StoreKernelTesting
import Testing

@testable import SessionLogFeature

/// The log on its own: its lines in memory (a test's default), then on disk when a test asks.
@MainActor
@Suite struct SessionLogReducerTests {
  /// A file no other test uses: logs on the same file share their lines.
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("session-log-\(UUID().uuidString).json").path

  @Test func startingTellsTheCountAndEachChangeTellsTheNewOne() async {
    let store = TestStore(
      initialState: SessionLogState(log: SessionLog(path: path)), reducer: SessionLogReducer())
    await store.send(.started)
    await store.receive(.delegate(.countChanged(0)))
    await store.receive(.linesChanged([]))
    await store.send(.input(.append("warm up"))) {
      $0.$lines.withLock { $0 = ["warm up"] }
      $0.count = 1
    }
    await store.receive(.delegate(.countChanged(1)))
    await store.receive(.linesChanged(["warm up"]))
    await store.send(.view(.clearTapped)) {
      $0.$lines.withLock { $0 = [] }
      $0.count = 0
    }
    await store.receive(.delegate(.countChanged(0)))
    await store.receive(.linesChanged([]))
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func aLineWrittenByAnotherLogOnTheFileChangesTheCount() async {
    let store = TestStore(
      initialState: SessionLogState(log: SessionLog(path: path)), reducer: SessionLogReducer())
    await store.send(.started)
    await store.receive(.delegate(.countChanged(0)))
    await store.receive(.linesChanged([]))
    let other = SessionLogState(log: SessionLog(path: path))
    other.$lines.withLock { $0.append("from elsewhere") }
    await store.receive(.linesChanged(["from elsewhere"])) { $0.count = 1 }
    await store.receive(.delegate(.countChanged(1)))
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func onDiskTheLinesAreInTheFile() async throws {
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = TestStore(
      initialState: SessionLogState(log: SessionLog(path: path)), reducer: SessionLogReducer()
    ) {
      $0.sharedFileStorage = .disk
    }
    await store.send(.input(.append("warm up"))) {
      $0.$lines.withLock { $0 = ["warm up"] }
      $0.count = 1
    }
    await store.receive(.delegate(.countChanged(1)))
    await store.state.$lines.save()
    let saved = try JSONDecoder().decode(
      [String].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(saved == ["warm up"])
    await store.finish()
  }

  /// The file's load ends after the log starts or before, as the machine goes: the test does
  /// not assert on what comes first, only that the loaded count is told.
  @Test func aLogStartedOnAFileTellsTheLinesLoadedFromIt() async throws {
    defer { try? FileManager.default.removeItem(atPath: path) }
    try JSONEncoder().encode(["warm up", "scales"]).write(to: URL(fileURLWithPath: path))
    let store = TestStore(
      initialState: SessionLogState(log: SessionLog(path: path)), reducer: SessionLogReducer()
    ) {
      $0.sharedFileStorage = .disk
    }
    store.exhaustivity = .off
    await store.send(.started)
    await store.receive(.delegate(.countChanged(2)))
    #expect(store.state.count == 2)
    await store.skipInFlightEffects()
    await store.finish()
  }
}
