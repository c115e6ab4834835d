import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// Features whose reducers run on slots of one root store (the single-store build) behind the
/// same boundary as a feature with a store of its own: inputs, outputs, settle and stop.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct FeatureComposedTests {
  @Test func inputsRunOnTheSlotAndOutputsLeaveThroughTheBoundary() async {
    let root = TwoSlots()
    let first = root.start(slot: 0)
    let second = root.start(slot: 1)
    var outputs: [TallyOutput] = []
    first.onOutput { outputs.append($0) }

    first.input.send(.add(5))
    first.input.send(.ping)
    await first.settle()

    #expect(root.store.state.slots[0].state.total == 5)
    #expect(root.store.state.slots[1].state.total == 0)
    #expect(outputs == [.pong(5)])
    #expect(first.metrics.inputsDelivered == 2)
    #expect(first.metrics.outputsEmitted == 1)
    #expect(second.metrics.inputsDelivered == 0)
    await first.stop()
    await second.stop()
  }

  @Test func stoppingOneEndsItsEffectsAndRunsItsStopActionButLeavesTheOther() async {
    let root = TwoSlots()
    let first = root.start(slot: 0)
    let second = root.start(slot: 1)
    first.input.send(.startTicking)
    second.input.send(.startTicking)
    first.input.send(.add(3))
    // The tickers run on the test clock's executor: an advance lets them reach their sleeps.
    await root.clock.advance()
    #expect(root.clock.sleeperCount == 2)

    await first.finish()

    #expect(!first.isRunning)
    #expect(second.isRunning)
    // The first's stop action flushed, and its ticker's sleep was cancelled (the ticker records
    // that on the clock's executor, which an advance waits for); the second's ticker sleeps on.
    await root.clock.advance()
    #expect(root.journal.entries.filter { $0 == .tickerCancelled }.count == 1)
    #expect(root.journal.entries.contains(.flushed(3)))
    #expect(root.clock.sleeperCount == 1)
    await root.clock.advance(by: .seconds(1))
    #expect(root.store.state.slots[1].state.ticks == 1)
    #expect(root.store.state.slots[0].state.ticks == 0)

    await second.stop()
    await root.clock.advance()
    #expect(root.clock.sleeperCount == 0)
    #expect(root.journal.entries.filter { $0 == .tickerCancelled }.count == 2)
  }

  @Test func aStoppedFeatureRefusesInputsAndItsViewKeepsTheLastState() async {
    let root = TwoSlots()
    let first = root.start(slot: 0)
    first.input.send(.add(7))
    await first.stop()

    #expect(!first.input.send(.add(1)))
    let view = first.viewStore(state: TallyState.self, viewAction: TallyAction.ViewAction.self)
    #expect(view.total == 7)
    #expect(!view.isFeatureRunning)
  }
}

/// A root store with two slots, each holding a Tally feature's state and, once the feature
/// starts on it, the feature's reducer: the shape of AppShell's single-store build, small.
@MainActor
final class TwoSlots {
  /// A slot: a feature's state inside the root, by reference, and its reducer.
  final class Slot {
    var state = TallyState()
    var reduce: (inout TallyState, TallyAction) -> Effect<TallyAction> = { _, _ in .none }
  }

  struct State {
    let slots: [Slot]
  }

  enum Action: Sendable {
    case slot(Int, TallyAction)
  }

  struct SlotEffects: Hashable, Sendable {
    let index: Int
  }

  struct RootReducer: Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .slot(let index, let action):
        let slot = state.slots[index]
        return slot.reduce(&slot.state, action)
          .map { .slot(index, $0) }
          .cancellable(id: SlotEffects(index: index))
      }
    }
  }

  let journal = TallyJournal()
  let clock = TestClock()
  let store: Store<State, Action>

  init() {
    let journal = journal
    let clock = clock
    store = Store(
      initialState: State(slots: [Slot(), Slot()]), reducer: RootReducer(), name: "Root",
      withDependencies: {
        $0.tallyJournal = journal
        $0.clock = clock
      })
  }

  /// Starts a Tally feature on the slot at `index`.
  func start(slot index: Int) -> Feature<TallyInput, TallyOutput> {
    let store = store
    let slot = store.state.slots[index]
    return Feature.start(
      name: "Tally\(index)", reducer: Tally(), delivery: TallyFeature.delivery,
      dependencies: store.dependencyValues,
      composedBy: { reduce in
        slot.reduce = reduce
        return store.scope(state: { $0.slots[index].state }, action: { .slot(index, $0) })
      },
      endEffects: { store.cancelEffects(markedWith: SlotEffects(index: index)) })
  }
}
