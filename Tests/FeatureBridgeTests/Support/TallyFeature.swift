import FeatureBridge
import StoreKernel
import StoreKernelTesting

/// What a host may send the test feature.
enum TallyInput: Sendable, Equatable {
  /// Intent: adds to the total.
  case add(Int)
  /// Intent: does nothing but get recorded, to check order per producer.
  case mark(producer: Int, sequence: Int)
  /// Intent: the feature answers with `.pong(total)`.
  case ping
  /// Intent: starts an effect that runs until it is cancelled.
  case startTicking
  /// Intent: starts an effect that follows the shared value dependency.
  case followShared
  /// Projection of host state: only the latest waiting one matters.
  case setLevel(Int)
  /// Another projection, with its own key.
  case setLabel(String)
}

/// What the test feature tells its host.
enum TallyOutput: Sendable, Equatable {
  /// The answer to `.ping`: the total at that moment.
  case pong(Int)
  /// The total was saved (by the view's save, or by the stop action's flush).
  case saved(Int)
}

/// Starts the test feature through a launcher made from its recipe, as a host starts a real one.
enum TallyFeature {
  /// Projections coalesce per key; everything else is an intent.
  @Sendable static func delivery(_ input: TallyInput) -> InputDelivery {
    switch input {
    case .setLevel: .latest(key: "level")
    case .setLabel: .latest(key: "label")
    default: .intent
    }
  }

  /// Starts the test feature on the caller's actor.
  static func start(
    name: String = "Tally",
    inputs: AsyncStream<TallyInput>? = nil,
    journal: TallyJournal = TallyJournal(),
    shared: Shared<Int> = Shared(value: 0),
    clock: any Clock<Duration> = TestClock(),
    delivery: @escaping @Sendable (TallyInput) -> InputDelivery = TallyFeature.delivery,
    onReduce: (@Sendable (TallyAction) -> Void)? = nil,
    registry: StoreRegistry? = nil,
    isolation: isolated any Actor = #isolation
  ) -> FeatureHandle<TallyInput, TallyOutput> {
    FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: name, initialState: TallyState(), reducer: Tally(onReduce: onReduce),
        delivery: delivery)
    }.start(
      inputs: inputs,
      withDependencies: {
        $0.clock = clock
        $0.tallyJournal = journal
        $0.tallyShared = shared
        if let registry { $0.storeRegistry = registry }
      }, isolation: isolation)
  }
}
