import StoreKernel
import StoreKernelTesting
import Testing

/// TCA's spellings that a ported app writes as it did: `StoreOf`, `EffectOf`, `TestStoreOf`,
/// `Scope(\.child, action:)`, `onChange(of:) { oldValue, state in … }`,
/// `transformDependency(\.key) { … }`, `ifCaseLet(State.case, action: Action.case)` on an enum
/// state, a case of a destination or a stack element named by its constructor (TCA's
/// `modify(\.case)`), and `@Dependency(Key.self)`.
@MainActor
@Suite struct TCASpellingsTests {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case incrementTapped
      case greetTapped
      case greeted(String)
    }
    @Dependency(\.greeting) var greeting

    func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .greetTapped:
        return greet()
      case .greeted(let text):
        state.log.append(text)
        return .none
      }
    }

    func greet() -> EffectOf<Self> {
      .send(.greeted(greeting))
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      var counter = Counter.State()
      var changes: [String] = []
    }
    enum Action: Equatable, Sendable {
      case counter(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(\.counter, action: Action.counter) {
        Counter()
      }
      .onChange(of: \.counter.count) { oldValue, state in
        state.changes.append("\(oldValue) → \(state.counter.count)")
        return oldValue == 1 ? .send(.counter(.greetTapped)) : .none
      }
    }
  }

  /// A root whose state is the enum itself: TCA's `.ifCaseLet(\.loggedIn, action: \.loggedIn)`.
  struct Session: Reducer {
    enum State: Equatable {
      case loggedOut
      case loggedIn(Counter.State)
    }
    enum Action: Equatable, Sendable {
      case logIn
      case logOut
      case loggedIn(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .logIn: state = .loggedIn(Counter.State())
        case .logOut: state = .loggedOut
        case .loggedIn: break
        }
        return .none
      }
      .ifCaseLet(State.loggedIn, action: Action.loggedIn) {
        Counter()
      }
    }
  }

  @Test func ifCaseLetOnAnEnumStateRunsTheChildInItsCaseAndReportsItElsewhere() async {
    let store = TestStore(initialState: Session.State.loggedOut, reducer: Session())
    await store.send(.logIn) { $0 = .loggedIn(Counter.State()) }
    await store.send(.loggedIn(.incrementTapped)) { $0 = .loggedIn(Counter.State(count: 1)) }
    await store.send(.logOut) { $0 = .loggedOut }
    await withKnownIssue {
      await store.send(.loggedIn(.incrementTapped))
    } matching: { issue in
      issue.message.contains("when its state was in another case: incrementTapped")
    }
  }

  enum Screen: Equatable {
    case note(String)
    case count(Int)
  }

  /// TCA's `$0.destination?.modify(\.note) { $0 += "b" }` and `$0.path[id: 0]?.modify(\.note)`.
  @Test func aCaseByItsConstructorReadsAndChangesADestinationOrAStackElement() {
    var destination = PresentationState<Screen>(wrappedValue: .note("a"))
    destination[case: Screen.note]? += "b"
    #expect(destination.wrappedValue == .note("ab"))
    #expect(destination[case: Screen.count] == nil)

    var path = StackState<Screen>()
    path.append(.count(1))
    path.append(.note("x"))
    #expect(path.ids == [0, 1])
    path[id: 0, case: Screen.count]? += 1
    path[id: 1, case: Screen.note] = "y"
    #expect(path[id: 0] == .count(2))
    #expect(path[id: 1] == .note("y"))
    #expect(path[id: 1, case: Screen.count] == nil)
  }

  /// A client that is its own key, read as TCA's `@Dependency(Dice.self)`.
  struct Dice: Sendable {
    var roll: @Sendable () -> Int
  }

  struct Roller: Reducer {
    @Dependency(Dice.self) var dice
    func reduce(into state: inout [Int], action: Bool) -> Effect<Bool> {
      state.append(dice.roll())
      return .none
    }
  }

  @Test func aDependencyReadByItsKeyTypeGetsTheTestValueOrTheOverride() async {
    let plain = TestStore(initialState: [Int](), reducer: Roller())
    await plain.send(true) { $0 = [4] }
    let overridden = TestStore(initialState: [Int](), reducer: Roller()) {
      $0[Dice.self] = Dice { 6 }
    }
    await overridden.send(true) { $0 = [6] }
  }

  @Test func storeOfAndScopeWithoutTheStateLabelRunTheChild() {
    let store: StoreOf<Parent> = Store(initialState: Parent.State()) { Parent() }
    store.send(.counter(.incrementTapped))
    #expect(store.state.counter.count == 1)
  }

  @Test func onChangeGetsTheOldValueAndTheStateAfterAndItsEffectRuns() async {
    let store: TestStoreOf<Parent> = TestStore(initialState: Parent.State(), reducer: Parent())
    await store.send(.counter(.incrementTapped)) {
      $0.counter.count = 1
      $0.changes = ["0 → 1"]
    }
    await store.send(.counter(.incrementTapped)) {
      $0.counter.count = 2
      $0.changes = ["0 → 1", "1 → 2"]
    }
    await store.receive(.counter(.greetTapped))
    await store.receive(.counter(.greeted("test greeting"))) {
      $0.counter.log = ["test greeting"]
    }
    // A change of something else runs nothing.
    await store.send(.counter(.greeted("hi"))) { $0.counter.log = ["test greeting", "hi"] }
  }

  @Test func transformDependencyByKeyPathChangesOneValue() async {
    let reducer = Counter().transformDependency(\.greeting) { $0 += ", changed" }
    let store = TestStore(initialState: Counter.State(), reducer: reducer)
    await store.send(.greetTapped)
    await store.receive(.greeted("test greeting, changed")) {
      $0.log = ["test greeting, changed"]
    }
  }

}

extension TCASpellingsTests.Dice: DependencyKey {
  static let liveValue = Self { Int.random(in: 1...6) }
  static let testValue = Self { 4 }
}
