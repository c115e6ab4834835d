import FeatureBridge
import StoreKernel
import Testing

/// A parent app's state and actions, for the adapters between a parent store and a feature.
private struct Parent: Reducer {
  struct State: Equatable {
    var theme = "plain"
    var clicks = 0
    var pongs: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case themeChosen(String)
    case clicked
    case tallyAnswered(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .themeChosen(let theme): state.theme = theme
    case .clicked: state.clicks += 1
    case .tallyAnswered(let total): state.pongs.append(total)
    }
    return .none
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct StoreFeatureInputsTests {
  @Test func feedYieldsTheProjectionNowAndThenOnlyWhenItChanged() async {
    let parent = Store(initialState: Parent.State(), reducer: Parent())
    let (fed, continuation) = AsyncStream.makeStream(of: TallyInput.self)

    let token = parent.feed({ $0.theme }, into: continuation, as: TallyInput.setLabel)
    parent.send(.clicked)
    parent.send(.themeChosen("dark"))
    parent.send(.clicked)
    parent.send(.themeChosen("dark"))
    parent.send(.themeChosen("light"))
    continuation.finish()

    #expect(await collect(fed) == [.setLabel("plain"), .setLabel("dark"), .setLabel("light")])
    #expect(!token.isCancelled)
  }

  @Test func cancellingTheTokenStopsTheFeed() async {
    let parent = Store(initialState: Parent.State(), reducer: Parent())
    let (fed, continuation) = AsyncStream.makeStream(of: TallyInput.self)

    let token = parent.feed({ $0.theme }, into: continuation, as: TallyInput.setLabel)
    token.cancel()
    parent.send(.themeChosen("dark"))
    continuation.finish()

    #expect(await collect(fed) == [.setLabel("plain")])
  }

  @Test func feedDrivesARunningFeature() async {
    let parent = Store(initialState: Parent.State(), reducer: Parent())
    let (inputs, continuation) = AsyncStream.makeStream(of: TallyInput.self)
    let counter = DeliveryCounter()
    let feature = TallyFeature.start(inputs: inputs, delivery: counter.counting())
    let token = parent.feed({ $0.theme }, into: continuation, as: TallyInput.setLabel)

    parent.send(.themeChosen("dark"))
    for _ in 0..<10 { parent.send(.clicked) }
    // A marker after them: the pump asks the delivery rule about an input just before it puts
    // it in the mailbox, so once it has asked about the marker, both projections are waiting
    // there together (the delivery hop cannot run while this actor is blocked).
    let marker = TallyInput.mark(producer: 0, sequence: 0)
    continuation.yield(marker)
    #expect(counter.blockUntil(taken: 3))
    #expect(await feature.untilDelivered(2))
    #expect(feature.tallyState?.label == "dark")
    parent.send(.themeChosen("dark"))
    parent.send(.clicked)
    parent.send(.themeChosen("light"))

    #expect(await feature.untilDelivered(3))
    #expect(feature.tallyState?.label == "light")
    // "plain" was still waiting when "dark" replaced it (both are projections of the theme);
    // the clicks and the repeated theme changed nothing the feature sees, so sent nothing.
    #expect(feature.tallyState?.received == [.setLabel("dark"), marker, .setLabel("light")])
    #expect(feature.metrics.inputsDelivered == 3)
    token.cancel()
    await feature.stop()
  }

  @Test func routeSendsAParentActionForEachMappedOutput() async {
    let parent = Store(initialState: Parent.State(), reducer: Parent())
    let (inputs, send) = AsyncStream.makeStream(of: TallyInput.self)
    let feature = TallyFeature.start(inputs: inputs)
    let routing = feature.route(into: parent) { output in
      guard case .pong(let total) = output else { return nil }
      return .tallyAnswered(total)
    }

    for input in [TallyInput.add(1), .ping, .add(2), .ping] { send.yield(input) }
    // Taken and handled before the stop, which drops inputs still in the stream.
    #expect(await feature.untilDelivered(4))
    await feature.settle()
    await feature.stop()
    // The routing task ends when the feature's outputs finish.
    await routing.value

    #expect(parent.state.pongs == [1, 3])
    // The stop action's `.saved` output was mapped to nil and never reached the parent.
    #expect(parent.events.actionsReceived == 2)
  }
}
