import FeatureBridge
import StoreKernel
import StoreKernelTesting
import Testing

/// Features composed into the store that presents them (`featureHosting = .composed`, the
/// single-store build), reached through their handles (`store.presentedFeature`): the same
/// boundary as a feature with a store of its own: inputs, outputs, settle and stop.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct FeatureComposedTests {
  @Test func inputsRunInTheParentsStateAndOutputsReachTheParent() async {
    let root = TwoComposedTallies()
    let first = root.first
    let second = root.second

    first.input.send(.add(5))
    first.input.send(.ping)
    await first.settle()

    #expect(first.tallyState?.total == 5)
    #expect(second.tallyState?.total == 0)
    #expect(root.store.state.outputs == [.first(.pong(5))])
    #expect(first.metrics.inputsDelivered == 2)
    #expect(second.metrics.inputsDelivered == 0)
    await first.stop()
    await second.stop()
  }

  @Test func stoppingOneEndsItsEffectsAndRunsItsStopActionButLeavesTheOther() async {
    let root = TwoComposedTallies()
    let first = root.first
    let second = root.second
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
    #expect(root.store.state.outputs == [.first(.saved(3))])
    #expect(root.clock.sleeperCount == 1)
    await root.clock.advance(by: .seconds(1))
    #expect(second.tallyState?.ticks == 1)
    #expect(first.tallyState?.ticks == 0)

    await second.stop()
    await root.clock.advance()
    #expect(root.clock.sleeperCount == 0)
    #expect(root.journal.entries.filter { $0 == .tickerCancelled }.count == 2)
  }

  @Test func aStoppedFeatureRefusesInputsAndItsViewKeepsTheLastState() async {
    let root = TwoComposedTallies()
    let first = root.first
    first.input.send(.add(7))
    await first.stop()

    #expect(!first.input.send(.add(1)))
    let view = first.viewStore(state: TallyState.self, viewAction: TallyAction.ViewAction.self)
    #expect(view.total == 7)
    #expect(!view.isFeatureRunning)
  }
}

/// A root store that presents two Tally features composed into its state, and keeps what they
/// tell it: the shape of AppShell's single-store build, small.
@MainActor
final class TwoComposedTallies {
  struct State {
    @PresentationState var first: Int?
    @PresentationState var second: Int?
    /// The outputs that reached the root, each with the feature that emitted it.
    var outputs: [Heard] = []
  }

  enum Heard: Equatable {
    case first(TallyOutput)
    case second(TallyOutput)
  }

  enum Action: Sendable {
    case presentBoth
    case first(PresentationAction<FeatureAction<TallyInput, TallyOutput>>)
    case second(PresentationAction<FeatureAction<TallyInput, TallyOutput>>)
  }

  /// The Tally presented with `n` is named `Tally<n>`.
  nonisolated static let launcher = FeatureLauncher<Int, TallyInput, TallyOutput>(recipe: {
    index in
    FeatureRecipe(
      name: "Tally\(index)", initialState: TallyState(), reducer: Tally(),
      delivery: TallyFeature.delivery)
  })

  struct Presenting: Reducer {
    typealias State = TwoComposedTallies.State
    typealias Action = TwoComposedTallies.Action

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentBoth:
          state.first = 0
          state.second = 1
        case .first(.presented(.output(let output))):
          state.outputs.append(.first(output))
        case .second(.presented(.output(let output))):
          state.outputs.append(.second(output))
        case .first, .second:
          break
        }
        return .none
      }
      .ifLet(\.$first, action: Action.first, feature: TwoComposedTallies.launcher)
      .ifLet(\.$second, action: Action.second, feature: TwoComposedTallies.launcher)
    }
  }

  let journal = TallyJournal()
  let clock = TestClock()
  let store: Store<State, Action>

  init() {
    let journal = journal
    let clock = clock
    store = Store(
      initialState: State(), reducer: Presenting(), name: "Root",
      withDependencies: {
        $0.featureHosting = .composed
        $0.tallyJournal = journal
        $0.clock = clock
      })
    store.send(.presentBoth)
  }

  var first: FeatureHandle<TallyInput, TallyOutput> {
    guard let feature: FeatureHandle<TallyInput, TallyOutput> = store.presentedFeature(\.$first)
    else { preconditionFailure("the first Tally is presented in init") }
    return feature
  }

  var second: FeatureHandle<TallyInput, TallyOutput> {
    guard let feature: FeatureHandle<TallyInput, TallyOutput> = store.presentedFeature(\.$second)
    else { preconditionFailure("the second Tally is presented in init") }
    return feature
  }
}
