import StoreKernelTesting
import Testing

@testable import StoreKernel

/// A reducer's start (`reduceStoreStart(into:)`): what it does once, when a store is created
/// with it, before any action. The kernel's operators pass it on to the children there at the
/// start, and only to those; a store runs it once and counts it as no action.
@MainActor
struct StoreStartTests {
  /// A child that notes its start in its state and greets itself from it.
  struct Greeter: Reducer {
    struct State: Equatable, Identifiable {
      var id = 0
      var started = 0
      var greeted = 0
    }

    enum Action: Equatable, Sendable {
      case greeted
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.greeted += 1
      return .none
    }

    func reduceStoreStart(into state: inout State) -> Effect<Action> {
      state.started += 1
      return .send(.greeted)
    }
  }

  /// A greeter in each of the kernel's places: scoped, optional, in an identified array, and
  /// presented.
  struct Parent: Reducer {
    struct State: Equatable {
      var scoped = Greeter.State()
      var optional: Greeter.State?
      var rows: IdentifiedArrayOf<Greeter.State> = []
      @PresentationState var sheet: Greeter.State?
      var actions = 0
    }

    enum Action: Equatable, Sendable {
      case scoped(Greeter.Action)
      case optional(Greeter.Action)
      case rows(IdentifiedActionOf<Greeter>)
      case sheet(PresentationAction<Greeter.Action>)
      case tap
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.scoped, action: Action.scoped) { Greeter() }
      Reduce { state, action in
        if action == .tap { state.actions += 1 }
        return .none
      }
      .ifLet(\.optional, action: Action.optional) { Greeter() }
      .forEach(\.rows, action: Action.rows) { Greeter() }
      .ifLet(\.$sheet, action: Action.sheet) { Greeter() }
    }
  }

  @Test func everyChildThereAtTheStartStartsOnceBeforeTheFirstAction() async {
    let store = TestStore(
      initialState: Parent.State(
        optional: Greeter.State(), rows: [Greeter.State(id: 1), Greeter.State(id: 2)],
        sheet: Greeter.State()),
      reducer: Parent())
    // Their state as their start left it is where the test starts.
    #expect(store.state.scoped.started == 1)
    #expect(store.state.optional?.started == 1)
    #expect(store.state.rows.map(\.started) == [1, 1])
    #expect(store.state.sheet?.started == 1)
    // What their starts sent, in the order the body runs: the scope, then the outermost
    // operator's child first (as a child's actions run before its parent's).
    await store.receive(.scoped(.greeted)) { $0.scoped.greeted = 1 }
    await store.receive(.sheet(.presented(.greeted))) { $0.sheet?.greeted = 1 }
    await store.receive(.rows(.element(id: 1, action: .greeted))) { $0.rows[id: 1]?.greeted = 1 }
    await store.receive(.rows(.element(id: 2, action: .greeted))) { $0.rows[id: 2]?.greeted = 1 }
    await store.receive(.optional(.greeted)) { $0.optional?.greeted = 1 }
    // Once: an action does not start them again.
    await store.send(.tap) { $0.actions = 1 }
    await store.finish()
  }

  @Test func aChildThatIsNotThereAtTheStartDoesNotStart() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    await store.receive(.scoped(.greeted)) {
      $0.scoped.greeted = 1
    }
    #expect(store.state.optional == nil)
    #expect(store.state.sheet == nil)
    await store.finish()
  }

  @Test func theStartCountsAsNoActionAndItsSendsAsActions() {
    let quiet = Store(initialState: 0, reducer: Reduce<Int, Greeter.Action> { _, _ in .none })
    #expect(quiet.events.actionsReceived == 0)
    #expect(quiet.events.reducerRuns == 0)

    let store = Store(initialState: Parent.State(sheet: Greeter.State()), reducer: Parent())
    // The scope's and the sheet's greetings, handled before the store is handed out.
    #expect(store.events.actionsReceived == 2)
    #expect(store.events.reducerRuns == 2)
    #expect(store.state.scoped == Greeter.State(started: 1, greeted: 1))
    #expect(store.state.sheet == Greeter.State(started: 1, greeted: 1))
  }

  @Test func aBodyPassesItsStartOnAndAReducerThatImplementsReduceAloneDoesNot() {
    struct ByBody: Reducer {
      var body: some Reducer<Greeter.State, Greeter.Action> { Greeter() }
    }
    struct ByReduce: Reducer {
      func reduce(
        into state: inout Greeter.State, action: Greeter.Action
      ) -> Effect<Greeter.Action> {
        Greeter().reduce(into: &state, action: action)
      }
    }
    #expect(Store(initialState: Greeter.State(), reducer: ByBody()).state.started == 1)
    #expect(Store(initialState: Greeter.State(), reducer: ByReduce()).state.started == 0)
  }
}
