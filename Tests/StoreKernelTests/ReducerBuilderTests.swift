import StoreKernel
import StoreKernelTesting
import Testing

// Every control-flow statement the builder accepts, and every composition operator of the
// kernel, inside a reducer's `body` (FeatureBridge's presented features are tested in
// FeatureBridgeTests/ReducerBodyPresentedFeatureTests.swift).

/// Appends its line to the log for every action.
private struct Log: Reducer {
  let line: String
  init(_ line: String) { self.line = line }

  func reduce(into state: inout [String], action: Flow.Action) -> Effect<Flow.Action> {
    state.append(line)
    return .none
  }
}

/// A body whose reducers depend on the reducer's own properties.
private struct Flow: Reducer {
  typealias State = [String]
  enum Action: Equatable, Sendable { case tap }
  enum Mode { case quiet, loud, silent }

  var logsTaps = true
  var prefix: String?
  var mode = Mode.quiet
  var tags: [String] = []

  var body: some ReducerOf<Self> {
    if logsTaps {
      Log("tap")
    } else {
      Log("no tap")
    }
    if let prefix {
      Log(prefix)
    }
    switch mode {
    case .quiet: Log("quiet")
    case .loud: Log("LOUD")
    case .silent: EmptyReducer()
    }
    for tag in tags {
      Log("#\(tag)")
    }
    if #available(macOS 14, iOS 17, *) {
      Log("available")
    }
  }
}

/// A body with nothing in it.
private struct Inert: Reducer {
  typealias State = Int
  typealias Action = Flow.Action

  var body: some ReducerOf<Self> {}
}

/// A child written with a body alone.
private struct Counter: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable, Sendable { case increment }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A parent with one child per operator, all composed in its body.
private struct Parent: Reducer {
  enum Screen: Equatable {
    case home
    case counter(Counter.State)

    static let counterPath = CasePath<Screen, Counter.State>(
      embed: Screen.counter, extract: { if case .counter(let state) = $0 { state } else { nil } })
  }

  enum AlertAction: Equatable, Sendable { case ok }

  struct State: Equatable {
    var counter = Counter.State()
    var optional: Counter.State?
    var screen = Screen.home
    var rows: [Counter.State] = []
    var identified: IdentifiedArrayOf<Counter.State> = []
    @PresentationState var drafter: Drafter.State?
    @PresentationState var alert: AlertState<AlertAction>?
    var path = StackState<Counter.State>()
    var name = ""
    var log: [String] = []
  }

  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case counter(Counter.Action)
    case optional(Counter.Action)
    case screen(Counter.Action)
    case row(id: Int, action: Counter.Action)
    case identified(IdentifiedActionOf<Counter>)
    case drafter(PresentationAction<Drafter.Action>)
    case alert(PresentationAction<AlertAction>)
    case path(StackActionOf<Counter>)
    case openDrafter
    case closeDrafter
    case showAlert

    static let counterPath = ActionPath<Action, Counter.Action>(
      embed: Action.counter, extract: { if case .counter(let a) = $0 { a } else { nil } })
    static let optionalPath = ActionPath<Action, Counter.Action>(
      embed: Action.optional, extract: { if case .optional(let a) = $0 { a } else { nil } })
    static let screenPath = ActionPath<Action, Counter.Action>(
      embed: Action.screen, extract: { if case .screen(let a) = $0 { a } else { nil } })
    static let rowPath = ActionPath<Action, (id: Int, action: Counter.Action)>(
      embed: { Action.row(id: $0.id, action: $0.action) },
      extract: { if case .row(let id, let a) = $0 { (id, a) } else { nil } })
    static let identifiedPath = ActionPath<Action, IdentifiedActionOf<Counter>>(
      embed: Action.identified, extract: { if case .identified(let a) = $0 { a } else { nil } })
    static let drafterPath = ActionPath<Action, PresentationAction<Drafter.Action>>(
      embed: Action.drafter, extract: { if case .drafter(let a) = $0 { a } else { nil } })
    static let alertPath = ActionPath<Action, PresentationAction<AlertAction>>(
      embed: Action.alert, extract: { if case .alert(let a) = $0 { a } else { nil } })
    static let pathPath = ActionPath<Action, StackActionOf<Counter>>(
      embed: Action.path, extract: { if case .path(let a) = $0 { a } else { nil } })
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Scope(state: \.counter, action: Action.counterPath) { Counter() }
    Reduce { state, action in
      switch action {
      case .binding(\.name): state.log.append("name \(state.name)")
      case .openDrafter: state.drafter = Drafter.State()
      case .closeDrafter: state.drafter = nil
      case .showAlert: state.alert = AlertState { TextState("Hi") }
      default: break
      }
      return .none
    }
    .ifLet(\.optional, action: Action.optionalPath) { Counter() }
    .ifCaseLet(\.screen, state: Screen.counterPath, action: Action.screenPath) { Counter() }
    .forEach(\.rows, action: Action.rowPath) { Counter() }
    .forEach(\.identified, action: Action.identifiedPath) { Counter() }
    .ifLet(\.$drafter, action: Action.drafterPath) { Drafter() }
    .ifLet(\.$alert, action: Action.alertPath)
    .forEach(\.path, action: Action.pathPath) { Counter() }
    .onChange(of: \.optional?.count) { old, new in
      Reduce { state, _ in
        state.log.append("optional \(old ?? -1) → \(new ?? -1)")
        return .none
      }
    }
  }
}

/// Dependency overrides on reducers of a body.
private struct Greetings: Reducer {
  var body: some Reducer<[String], Greeter.Action> {
    Greeter().dependency(\.greeting, "overridden")
    Greeter().transformDependency { $0.greeting += ", changed" }
    Greeter()
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ReducerBuilderTests {
  let clock = TestClock()

  @Test func ifElseIfLetSwitchForAndAvailabilityChooseTheReducers() async {
    var store = TestStore(initialState: [String]()) { Flow() }
    await store.send(.tap) { $0 = ["tap", "quiet", "available"] }
    store = TestStore(initialState: [String]()) {
      Flow(logsTaps: false, prefix: "p", mode: .loud, tags: ["a", "b"])
    }
    await store.send(.tap) { $0 = ["no tap", "p", "LOUD", "#a", "#b", "available"] }
    store = TestStore(initialState: [String]()) { Flow(mode: .silent) }
    await store.send(.tap) { $0 = ["tap", "available"] }
  }

  @Test func anEmptyBodyChangesNothing() async {
    let store = TestStore(initialState: 7) { Inert() }
    await store.send(.tap)
    let empty = EmptyReducer<Int, Flow.Action>()
    var state = 1
    _ = empty.reduce(into: &state, action: .tap)
    #expect(state == 1)
  }

  @Test func scopeInABody() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
  }

  @Test func bindingReducerInABody() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.set(\.name, "Blob")) {
      $0.name = "Blob"
      $0.log = ["name Blob"]
    }
  }

  @Test func ifLetIfCaseLetAndOnChangeInABody() async {
    let store = TestStore(
      initialState: Parent.State(
        optional: Counter.State(), screen: .counter(Counter.State()))
    ) { Parent() }
    await store.send(.optional(.increment)) {
      $0.optional?.count = 1
      $0.log = ["optional 0 → 1"]  // onChange, after the ifLet
    }
    await store.send(.screen(.increment)) { $0.screen = .counter(Counter.State(count: 1)) }
  }

  @Test func forEachOverAnArrayAndAnIdentifiedArrayInABody() async {
    let store = TestStore(
      initialState: Parent.State(
        rows: [Counter.State(id: 1), Counter.State(id: 2)],
        identified: [Counter.State(id: 3)])
    ) { Parent() }
    await store.send(.row(id: 2, action: .increment)) { $0.rows[1].count = 1 }
    await store.send(.identified(.element(id: 3, action: .increment))) {
      $0.identified[id: 3]?.count = 1
    }
  }

  @Test func presentedChildEffectsEndWithItThoughTheBodyIsBuiltAgain() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.clock = clock
    }
    await store.send(.openDrafter) { $0.drafter = Drafter.State() }
    await store.send(.drafter(.presented(.startTyping)))
    await clock.advance(by: .seconds(1))
    await store.receive(.drafter(.presented(.type(".")))) { $0.drafter?.text = "." }
    // The ifLet that cancels the timer is not the one that started it: each action built a
    // new one. Nothing is left running when the test store ends.
    await store.send(.closeDrafter) { $0.drafter = nil }
    await store.send(.showAlert) { $0.alert = AlertState { TextState("Hi") } }
    await store.send(.alert(.presented(.ok))) { $0.alert = nil }
  }

  @Test func aStackInABody() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.path(.push(id: 0, state: Counter.State(id: 9)))) {
      $0.path[id: 0] = Counter.State(id: 9)
    }
    await store.send(.path(.element(id: 0, action: .increment))) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func dependencyOverridesInABody() async {
    let store = TestStore(initialState: [String]()) { Greetings() }
    await store.send(.greet) {
      $0 = ["reducer: overridden", "reducer: test greeting, changed", "reducer: test greeting"]
    }
  }
}
