import FeatureBridge
import StoreKernel

/// The test feature's state: everything a test may want to read back through its view store.
struct TallyState: Equatable {
  /// The sum of every `.add` input and every increment tap.
  var total = 0
  /// Every input the store received, in the order it received them.
  var received: [TallyInput] = []
  /// The latest `.setLevel` projection.
  var level = 0
  /// The latest `.setLabel` projection.
  var label = ""
  /// How many times the ticker effect fired.
  var ticks = 0
  /// The latest value of the shared value dependency, once the feature follows it.
  var sharedValue = 0
}

/// The test feature's actions, split by who sends them: inputs from the host, view actions, internal
/// actions from effects, delegate actions (the outputs), and a stop action.
enum TallyAction: BoundaryAction, Equatable {
  enum ViewAction: Sendable, Equatable {
    case incrementTapped
    case saveTapped
  }

  enum InternalAction: Sendable, Equatable {
    case ticked
    case sharedValueChanged(Int)
  }

  case input(TallyInput)
  case view(ViewAction)
  case `internal`(InternalAction)
  case delegate(TallyOutput)
  case stopping

  static var willStop: Self? { .stopping }

  var output: TallyOutput? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}

/// The test feature's logic. Apart from a test's spy, it is pure: every side effect is an effect
/// that reports to the journal.
struct Tally: Reducer {
  /// The id of the long-running ticker effect.
  struct TickerID: Hashable, Sendable {}

  @Dependency(\.clock) var clock
  @Dependency(\.tallyJournal) var journal
  @Dependency(\.tallyShared) var shared

  /// A test's spy on every action the store runs through this reducer.
  var onReduce: (@Sendable (TallyAction) -> Void)?

  func reduce(into state: inout TallyState, action: TallyAction) -> Effect<TallyAction> {
    onReduce?(action)
    switch action {
    case .input(let input):
      state.received.append(input)
      return reduce(into: &state, input: input)
    case .view(.incrementTapped):
      state.total += 1
      return .none
    case .view(.saveTapped):
      return save(state.total)
    case .internal(.ticked):
      state.ticks += 1
      return .none
    case .internal(.sharedValueChanged(let value)):
      state.sharedValue = value
      return .none
    case .delegate:
      return .none
    case .stopping:
      return flush(state.total)
    }
  }

  private func reduce(into state: inout TallyState, input: TallyInput) -> Effect<TallyAction> {
    switch input {
    case .add(let amount):
      state.total += amount
      return .none
    case .mark:
      return .none
    case .ping:
      return .send(.delegate(.pong(state.total)))
    case .startTicking:
      return tick()
    case .followShared:
      return follow()
    case .setLevel(let level):
      state.level = level
      return .none
    case .setLabel(let label):
      state.label = label
      return .none
    }
  }

  private func tick() -> Effect<TallyAction> {
    .run { [clock, journal] send in
      journal.record(.tickerStarted)
      do {
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.internal(.ticked))
        }
      } catch {
        journal.record(.tickerCancelled)
        throw error
      }
    }
    .cancellable(id: TickerID())
  }

  private func follow() -> Effect<TallyAction> {
    .run { [shared] send in
      for await value in shared.values() {
        await send(.internal(.sharedValueChanged(value)))
      }
    }
  }

  private func save(_ total: Int) -> Effect<TallyAction> {
    .run { [journal] send in
      journal.record(.saved(total))
      await send(.delegate(.saved(total)))
    }
  }

  /// Takes a few suspensions before it records, so a stop that did not await it would cancel
  /// it first.
  private func flush(_ total: Int) -> Effect<TallyAction> {
    .run { [journal] send in
      for _ in 0..<10 { await Task.yield() }
      guard !Task.isCancelled else { return }
      journal.record(.flushed(total))
      await send(.delegate(.saved(total)))
    }
  }
}
