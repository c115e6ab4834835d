import StoreKernel
import Testing

@MainActor
@Suite struct ReducerPrintChangesTests {
  struct Tally: Reducer {
    struct State: Equatable {
      var count = 0
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case incrementTapped
      case noted(String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .incrementTapped: state.count += 1
      case .noted(let text): state.log.append(text)
      }
      return .none
    }
  }

  /// TCA's `_printChanges()`, in the format of `Store.printChanges(to:)`.
  @Test func reportsEachActionAndWhatItChanged() {
    let reports = Recorder<String>()
    let store = Store(initialState: Tally.State()) {
      Tally()._printChanges(to: { reports.record($0) })
    }
    store.send(.incrementTapped)
    store.send(.noted("hi"))
    store.send(.noted("hi"))
    #expect(
      reports.values == [
        "received action: incrementTapped\n  count: 0 → 1\n",
        "received action: noted(\"hi\")\n  log[0]: (added) → \"hi\"\n",
        "received action: noted(\"hi\")\n  log[1]: (added) → \"hi\"\n",
      ])
  }

  @Test func saysWhenAnActionChangedNothing() {
    let reports = Recorder<String>()
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .none }._printChanges(to: { reports.record($0) })
    }
    store.send(true)
    #expect(reports.values == ["received action: true\n  (no state change)\n"])
  }
}
