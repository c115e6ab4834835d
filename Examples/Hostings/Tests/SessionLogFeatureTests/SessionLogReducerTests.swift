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
    await store.send(.input(.append("warm up"))) { $0.$lines.withLock { $0 = ["warm up"] } }
    await store.receive(.delegate(.countChanged(1)))
    await store.send(.input(.append("scales"))) {
      $0.$lines.withLock { $0 = ["warm up", "scales"] }
    }
    await store.receive(.delegate(.countChanged(2)))
    await store.send(.view(.clearTapped)) { $0.$lines.withLock { $0 = [] } }
    await store.receive(.delegate(.countChanged(0)))
    await store.finish()
  }

  @Test func twoLogsOnOneFileShareTheirLines() async {
    let first = SessionLogState(log: SessionLog(path: path))
    let second = SessionLogState(log: SessionLog(path: path))
    first.$lines.withLock { $0.append("warm up") }
    #expect(second.lines == ["warm up"])
  }

  @Test func onDiskTheLinesAreInTheFile() async throws {
    let store = TestStore(
      initialState: SessionLogState(log: SessionLog(path: path)), reducer: SessionLogReducer()
    ) {
      $0.sharedFileStorage = .disk
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    await store.send(.input(.append("warm up"))) { $0.$lines.withLock { $0 = ["warm up"] } }
    await store.receive(.delegate(.countChanged(1)))
    await store.state.$lines.save()
    let saved = try JSONDecoder().decode(
      [String].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(saved == ["warm up"])
    await store.finish()
  }
}
