import Foundation
import FoundationDependencies
import StoreKernel
import StoreKernelTesting
import Testing

private struct Journal: Reducer {
  struct Entry: Equatable {
    var id: UUID
    var written: Date
  }

  struct State: Equatable {
    var entries: [Entry] = []
  }

  enum Action: Equatable, Sendable {
    case write
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.entries.append(Entry(id: uuid(), written: date.now))
    return .none
  }
}

@MainActor
@Suite struct UUIDAndDateTests {
  @Test func testStoresGetIncrementingIDsAndAFixedDate() async {
    let store = TestStore(initialState: Journal.State(), reducer: Journal())
    let epoch = Date(timeIntervalSinceReferenceDate: 0)
    await store.send(.write) {
      $0.entries = [.init(id: UUID(number: 0), written: epoch)]
    }
    await store.send(.write) {
      $0.entries.append(.init(id: UUID(number: 1), written: epoch))
    }
    #expect(UUID(number: 1).uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func eachStoreCountsItsOwnIDs() async {
    let first = TestStore(initialState: Journal.State(), reducer: Journal())
    let second = TestStore(initialState: Journal.State(), reducer: Journal())
    let epoch = Date(timeIntervalSinceReferenceDate: 0)
    await first.send(.write) { $0.entries = [.init(id: UUID(number: 0), written: epoch)] }
    await second.send(.write) { $0.entries = [.init(id: UUID(number: 0), written: epoch)] }
  }

  @Test func aTestSetsTheDateByItsNowAsInTCA() async {
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Journal.State()) {
      Journal()
    } withDependencies: {
      $0.date.now = date
    }
    await store.send(.write) { $0.entries = [.init(id: UUID(0), written: date)] }
    let later = withDependencies {
      $0.date.now = date.addingTimeInterval(60)
    } operation: {
      Dependency(\.date).wrappedValue.now
    }
    #expect(later == date.addingTimeInterval(60))
  }

  @Test func uuidOfAnIntIsTCAsSpellingOfTheTestIDs() {
    #expect(UUID(0) == UUID(number: 0))
    #expect(UUID(10).uuidString == "00000000-0000-0000-0000-00000000000A")
    let generate = UUIDGenerator.incrementing
    #expect([generate(), generate()] == [UUID(0), UUID(1)])
  }

  @Test func aTestCanSetBoth() async {
    let id = UUID(number: 42)
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let store = TestStore(initialState: Journal.State(), reducer: Journal()) {
      $0.uuid = .constant(id)
      $0.date = .constant(date)
    }
    await store.send(.write) { $0.entries = [.init(id: id, written: date)] }
  }

  @Test func liveValuesAreRandomIDsAndTheSystemDate() {
    let live = DependencyValues(context: .live)
    #expect(live.uuid() != live.uuid())
    let before = Date()
    let now = live.date.now
    #expect(now >= before && now <= Date())
  }
}
