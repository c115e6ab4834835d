import FeatureBridge
import StoreKernel
import Testing

/// A feature that passes a tap on: its view's tap becomes an output at once (a `.send` of a
/// delegate action, handled within the same `send`).
private enum Relay {
  enum Action: BoundaryAction {
    enum ViewAction: Sendable { case tap }
    case input(Never)
    case view(ViewAction)
    case delegate

    var output: Void? {
      if case .delegate = self { return () }
      return nil
    }
  }

  struct Logic: Reducer {
    func reduce(into taps: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .view(.tap):
        taps += 1
        return .send(.delegate)
      case .delegate:
        return .none
      }
    }
  }

  static func start(isolation: isolated any Actor = #isolation) -> FeatureHandle<Never, Void> {
    FeatureLauncher { (_: Void) in FeatureRecipe(name: "Relay", initialState: 0, reducer: Logic()) }
      .start(isolation: isolation)
  }
}

/// A chain of features, each output handler tapping the next feature's view: one tap at the
/// head crosses every feature synchronously, within the head's `send`. Deep chains are handed
/// on through a queue instead of the stack (ADR 0012, "Outputs at once"), so they complete.
/// Each runs alone in a child process: a chain that overflowed the stack would end the process.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct OutputChainTests {
  /// Starts `length` relays, links each to the next through its output handler, taps the head
  /// and returns how many taps each relay counted and how many outputs reached the end.
  private func tapChain(length: Int) -> (taps: [Int], reachedTheEnd: Int) {
    let relays = (0..<length).map { _ in Relay.start() }
    let views = relays.map {
      $0.viewStore(state: Int.self, viewAction: Relay.Action.ViewAction.self)
    }
    var reachedTheEnd = 0
    for (index, relay) in relays.enumerated() {
      if index + 1 < relays.count {
        let next = views[index + 1]
        relay.onOutput { next.send(.tap) }
      } else {
        relay.onOutput { reachedTheEnd += 1 }
      }
    }
    views[0].send(.tap)
    let taps = views.map { $0.peek(\.self) }
    for relay in relays { relay.stopNow() }
    return (taps, reachedTheEnd)
  }

  @Test func aShortChainIsCrossedWithinTheHeadsSend() {
    let (taps, reachedTheEnd) = tapChain(length: 10)
    #expect(taps == Array(repeating: 1, count: 10))
    #expect(reachedTheEnd == 1)
  }

  @Test func aChainOfTenThousandFeaturesCompletes() async throws {
    if try await ranAlone(suite: "OutputChainTests", test: "aChainOfTenThousandFeaturesCompletes") {
      return
    }
    let (taps, reachedTheEnd) = tapChain(length: 10_000)
    #expect(taps == Array(repeating: 1, count: 10_000))
    #expect(reachedTheEnd == 1)
  }

  @Test func aChainOfAHundredThousandFeaturesCompletes() async throws {
    if try await ranAlone(
      suite: "OutputChainTests", test: "aChainOfAHundredThousandFeaturesCompletes")
    {
      return
    }
    let (taps, reachedTheEnd) = tapChain(length: 100_000)
    #expect(taps.allSatisfy { $0 == 1 })
    #expect(taps.count == 100_000)
    #expect(reachedTheEnd == 1)
  }
}
