import StoreKernel
import StoreKernelTesting
import Testing

/// A presented feature that itself presents a drafter, and can close itself.
private struct Middle: Reducer {
  struct State: Equatable {
    @PresentationState var drafter: Drafter.State?
  }

  enum Action: Equatable, Sendable {
    case drafter(PresentationAction<Drafter.Action>)
    case closeTapped

    static let drafterPath = ActionPath<Action, PresentationAction<Drafter.Action>>(
      embed: Action.drafter, extract: { if case .drafter(let action) = $0 { action } else { nil } }
    )
  }

  @Dependency(\.dismiss) var dismiss

  var body: some Reducer<State, Action> {
    Reduce { _, action in
      action == .closeTapped ? .run { _ in await dismiss() } : .none
    }
    .ifLet(\.$drafter, action: Action.drafterPath) { Drafter() }
  }
}

private struct Outer: Reducer {
  struct State: Equatable {
    @PresentationState var middle: Middle.State?
  }

  enum Action: Equatable, Sendable {
    case middle(PresentationAction<Middle.Action>)

    static let middlePath = ActionPath<Action, PresentationAction<Middle.Action>>(
      embed: Action.middle, extract: { if case .middle(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { _, _ in .none }
      .ifLet(\.$middle, action: Action.middlePath) { Middle() }
      .reduce(into: &state, action: action)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct DismissEffectTests {
  @Test func itDismissesTheInnermostFeatureWhoseEffectCallsIt() async {
    let store = TestStore(
      initialState: Outer.State(middle: Middle.State(drafter: Drafter.State())), reducer: Outer())
    await store.send(.middle(.presented(.drafter(.presented(.closeTapped)))))
    await store.receive(.middle(.presented(.drafter(.dismiss)))) {
      $0.middle?.drafter = nil
    }
    await store.send(.middle(.presented(.closeTapped)))
    await store.receive(.middle(.dismiss)) { $0.middle = nil }
    await store.finish()
  }

  @Test func withNothingPresentingTheFeatureATestStoreNotesItAndNothingElseChanges() async {
    let store = TestStore(initialState: Drafter.State(text: "a"), reducer: Drafter())
    await store.send(.closeTapped)
    await store.finish()
    #expect(store.isDismissed)
    #expect(store.state == Drafter.State(text: "a"))
  }

  @Test func aTestOfTheChildAloneCanOverrideIt() async {
    let calls = Recorder<String>()
    let store = TestStore(initialState: Drafter.State(), reducer: Drafter()) {
      $0.dismiss = DismissEffect { calls.record("dismiss") }
    }
    await store.send(.closeTapped)
    await store.finish()
    #expect(calls.values == ["dismiss"])
  }
}
