public import StoreKernel

/// Where the features a store presents run: each in a store of its own, or composed into the
/// presenting store. The host chooses, once, through the dependencies of its root store; the
/// parent's reducer, its feature modules and its tests are the same either way.
///
/// ```swift
/// let store = Store(initialState: Memo.State(), reducer: Memo()) {
///   $0.featureHosting = .composed
/// }
/// ```
///
/// Composed, a presented feature's state lives in the parent's state, beside the value it was
/// presented with (opaque to the parent, a value that copies with it), and its actions go
/// through the parent's store as values (``FeatureAction/composed(_:)``, printable, with no
/// closures in them). Its inputs and outputs reach it and the parent as they do when it runs on
/// its own, and dismissing it cancels its effects. A launcher made from a closure, or a fake,
/// always runs in a store of its own: only a launcher made from a recipe
/// (``FeatureLauncher/init(recipe:)``) can compose.
///
/// `Sendable`, `Equatable`.
public enum FeatureHosting: Sendable, Equatable {
  /// Each presented feature runs in a store of its own (the default).
  case ownStores
  /// Presented features run in the presenting store: one store for the whole tree.
  case composed
}

extension DependencyValues {
  /// Where the features this store presents run; ``FeatureHosting/ownStores`` by default. A
  /// composed feature's store inherits it, so what it presents is composed too.
  public var featureHosting: FeatureHosting {
    get { self[FeatureHostingKey.self] }
    set { self[FeatureHostingKey.self] = newValue }
  }
}

private enum FeatureHostingKey: DependencyKey {
  static var liveValue: FeatureHosting { .ownStores }
  static var testValue: FeatureHosting { .ownStores }
}

/// An action of a feature composed into its parent's store: the feature's own action, which the
/// parent cannot read (the feature's `Action` is not public) and only passes on.
///
/// Printable (it prints the feature's action), equal when it holds equal actions. A test store
/// runs these without asking the test to receive them: they are the feature's own business, as
/// the actions of a feature in a store of its own are.
///
/// `Sendable`: it holds the feature's action, which is.
public struct ComposedAction: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible, ComposedFeatureAction
{
  @usableFromInline let action: any Sendable

  @inlinable
  init(_ action: some Sendable) {
    self.action = action
  }

  /// Whether both hold equal actions of the same type.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard let left = lhs.action as? any Equatable else { return false }
    return Self.isEqual(left, rhs.action)
  }

  private static func isEqual<Value: Equatable>(_ left: Value, _ right: any Sendable) -> Bool {
    guard let right = right as? Value else { return false }
    return left == right
  }

  /// The feature's action.
  public var description: String { String(describing: action) }

  /// The feature's action, with its type.
  public var debugDescription: String { String(reflecting: action) }
}

/// One action for a composed feature: an input from its parent, or one of its own; or its
/// start, when it is composed (its reducer's `reduceStoreStart`, as its own store would run it).
@usableFromInline
enum ComposedStep<Input: Sendable> {
  case input(Input)
  case action(ComposedAction)
  case start
}

/// What a launcher made from a recipe does to compose its feature into a presenting store,
/// formed where the feature's reducer type is known (``FeatureLauncher/init(recipe:)``), so
/// that each of these runs specialized for it.
///
/// `Sendable`: its closures are.
@usableFromInline
struct FeatureComposition<Start: Sendable, Input: Sendable, Output: Sendable>: Sendable {
  /// The feature's state for the value it is presented with, and the dependencies its reducer
  /// runs with: `dependencies` (the presenting store's), then the feature's own.
  @usableFromInline let make:
    @Sendable (_ value: Start, _ dependencies: DependencyValues) -> ComposedState
  /// Runs the feature's reducer on its state for one action; its own actions come back as
  /// `.composed`, and a delegate action as `.output`.
  @usableFromInline let reduce:
    @Sendable (inout ComposedState, ComposedStep<Input>) -> Effect<FeatureAction<Input, Output>>
  /// The feature's start action, run when it is composed.
  @usableFromInline let didStart: ComposedAction?
  /// Whether the work the start action starts ends by itself (a load): its host's `settle()`
  /// and stop wait for it.
  @usableFromInline let startWorkEnds: Bool
  /// The feature's stop action, run when its host stops it.
  @usableFromInline let willStop: ComposedAction?
  /// A running handle over a store scoped to the feature's state, made by `scoping`: what a
  /// view shows. It keeps the feature's entry in its registry, `registration`.
  @usableFromInline let handle:
    @Sendable (
      _ scoping: any ComposedScoping, _ startWork: StoreTask?,
      _ registration: FeatureRegistry.Registration, _ end: @escaping () -> Void
    ) -> FeatureHandle<Input, Output>

  @inlinable
  init<R: Reducer & SendableMetatype>(recipe: @escaping @Sendable (Start) -> FeatureRecipe<R>)
  where R.Action: BoundaryAction, R.Action.Input == Input, R.Action.Output == Output {
    make = { value, dependencies in
      let recipe = recipe(value)
      var values = dependencies
      recipe.dependencies(&values)
      let scope = DependencyScope(values)
      // Made with the feature's dependencies, as its store of its own makes it.
      let state = scope.run { recipe.initialState() }
      return ComposedState(
        ComposedStorage(
          name: recipe.name, state: state, dependencies: scope, reducer: recipe.reducer))
    }
    reduce = { composed, step in
      guard var unique = composed.take() as? ComposedStorage<R> else {
        IssueReporter.report(
          "A composed feature's state is not \(R.self)'s: an action for it reached a feature "
            + "of another kind. It reached no feature.")
        return .none
      }
      // `unique` is the only reference here (no other local holds the box), so the check sees
      // whether another value shares it.
      if !isKnownUniquelyReferenced(&unique) { unique = unique.copy() }
      defer { composed = ComposedState(unique) }
      let action: R.Action
      switch step {
      case .start:
        unique.token.version.bump()
        return unique.reduceStart().marked(unique.mark).map {
          FeatureAction<Input, Output>.composed(ComposedAction($0))
        }
      case .input(let input):
        action = .input(input)
      case .action(let composedAction):
        guard let own = composedAction.action as? R.Action else {
          IssueReporter.report(
            "An action of another feature reached \(unique.name): \(composedAction). It "
              + "reached no feature.")
          return .none
        }
        action = own
      }
      unique.token.version.bump()
      // What the feature sends itself at once runs now, in this step, as its own store runs
      // it before anything else reaches it; so its outputs reach the parent in the order they
      // would from a store of its own.
      let (sends, rest) = unique.reduce(action).takingSends()
      // The common step (a keystroke): nothing sent at once, no output.
      if sends.isEmpty, action.output == nil {
        return rest.marked(unique.mark).map {
          FeatureAction<Input, Output>.composed(ComposedAction($0))
        }
      }
      var effects: [Effect<FeatureAction<Input, Output>>] = []
      var pending = sends
      var index = 0
      var next = action
      var nextRest = rest
      while true {
        if let output = next.output { effects.append(.send(.output(output))) }
        if !nextRest.isNone {
          effects.append(
            nextRest.marked(unique.mark).map {
              FeatureAction<Input, Output>.composed(ComposedAction($0))
            })
        }
        guard index < pending.count else { break }
        next = pending[index]
        index += 1
        let taken = unique.reduce(next).takingSends()
        nextRest = taken.rest
        pending += taken.sends
      }
      return .merge(effects)
    }
    didStart = R.Action.didStart.map { ComposedAction($0) }
    startWorkEnds = R.Action.startWorkEnds
    willStop = R.Action.willStop.map { ComposedAction($0) }
    handle = { scoping, startWork, registration, end in
      let storage = scoping.box as? ComposedStorage<R>
      let name = storage?.name ?? "\(R.self)"
      let store = scoping.scope(
        name: name,
        state: { (storage: AnyObject) in (storage as? ComposedStorage<R>)?.state },
        token: { (storage: AnyObject) in (storage as? ComposedStorage<R>)?.token },
        action: { (action: R.Action) in ComposedAction(action) })
      return FeatureHandle.composedHandle(
        R.self, name: name, store: store, startWork: startWork,
        registration: registration,
        effectMark: storage?.mark ?? EffectMark(), end: end)
    }
  }
}

extension FeatureComposition {
  /// The feature composed for `value`, presented as the child `id`: its state, and the effects
  /// of its presentation, marked with `id` (its entry among the store's running children, then
  /// what its start action started, in the same step).
  ///
  /// - Parameters:
  ///   - value: The value the parent presented it with.
  ///   - dependencies: The presenting store's dependencies, in effect now.
  ///   - child: How the presenting reducer embeds the feature's actions.
  ///   - dismiss: The parent's action that dismisses it.
  ///   - id: The child it is.
  func compose<Action: Sendable>(
    _ value: Start, dependencies: DependencyValues,
    child: @escaping @Sendable (FeatureAction<Input, Output>) -> Action, dismiss: Action,
    id: NavigationID
  ) -> (state: ComposedState, effects: Effect<Action>) {
    var composed = make(value, dependencies)
    // Registered as a feature of its own store would be, from now until it ends.
    let name = (composed.storage as? any NamedComposedStorage)?.name ?? "\(Start.self)"
    var effects = Effect<Action>(
      composing: ComposedPresentation<Action, Start, Input, Output>(
        composition: self, registry: dependencies.featureRegistry, name: name, embed: child,
        send: { child(.composed($0)) }))
    // Its reducer's start, as its own store runs it when it is created, then its start
    // action, as its host sends it.
    let started = reduce(&composed, .start)
    if !started.isNone {
      effects = effects.merge(with: started.map(child).dismissing(with: dismiss))
    }
    if let didStart {
      effects = effects.merge(
        with: startWork(reduce(&composed, .action(didStart)).map(child).dismissing(with: dismiss)))
    }
    return (composed, effects.scoped(to: id))
  }

  /// `work`, what the feature's start action started, kept for its host to wait for when it
  /// ends by itself (``ComposedStartWork``).
  func startWork<Action: Sendable>(_ work: Effect<Action>) -> Effect<Action> {
    guard startWorkEnds, !work.isNone else { return work }
    return Effect(composing: ComposedStartWork<Action, Input, Output>(work: work))
  }

  /// This composition, for a feature started with values `transform` makes from another type's.
  func starting<Other: Sendable>(
    from transform: @escaping @Sendable (Other) -> Start
  ) -> FeatureComposition<Other, Input, Output> {
    FeatureComposition<Other, Input, Output>(
      make: { [make] value, dependencies in make(transform(value), dependencies) },
      reduce: reduce, didStart: didStart, startWorkEnds: startWorkEnds, willStop: willStop,
      handle: handle)
  }

  init(
    make: @escaping @Sendable (Start, DependencyValues) -> ComposedState,
    reduce:
      @escaping @Sendable (inout ComposedState, ComposedStep<Input>) -> Effect<
        FeatureAction<Input, Output>
      >,
    didStart: ComposedAction?, startWorkEnds: Bool, willStop: ComposedAction?,
    handle:
      @escaping @Sendable (
        any ComposedScoping, StoreTask?, FeatureRegistry.Registration, @escaping () -> Void
      ) -> FeatureHandle<Input, Output>
  ) {
    self.make = make
    self.reduce = reduce
    self.didStart = didStart
    self.startWorkEnds = startWorkEnds
    self.willStop = willStop
    self.handle = handle
  }
}

/// A composed feature's state and reducer: the box a ``ComposedState`` holds, copied before a
/// write when another value shares it.
///
/// Not `Sendable`: confined to the presenting store's actor, with the state that holds it.
@usableFromInline
final class ComposedStorage<R: Reducer>: ComposedStorageBox, NamedComposedStorage {
  @usableFromInline let name: String
  @usableFromInline var state: R.State
  @usableFromInline let reducer: R
  /// The dependencies `reducer` runs with: the presenting store's when the feature started,
  /// then the feature's own.
  @usableFromInline let dependencies: DependencyScope
  /// What a view's scoped store watches instead of the box (a reference to the box would make
  /// every write copy it): bumped each time the reducer runs.
  @usableFromInline var token = ComposedToken()
  /// The mark on the feature's effects, which run as the presenting store's: how its host
  /// tells them from its neighbours' (``FeatureHost/effectMark``). A copy keeps it: it is the
  /// same feature.
  @usableFromInline let mark: EffectMark

  /// The feature was dismissed, popped or replaced: its token says so, and keeps this box for
  /// a view that reads the feature's last state; the box gets a token of its own, so that the
  /// two do not keep each other.
  @usableFromInline
  func retire() {
    token.retire(keeping: self)
    token = ComposedToken(holder: self)
  }

  @usableFromInline
  init(
    name: String, state: R.State, dependencies: DependencyScope, reducer: R,
    mark: EffectMark = EffectMark()
  ) {
    self.name = name
    self.state = state
    self.dependencies = dependencies
    self.reducer = reducer
    self.mark = mark
    token.holder = self
  }

  /// Runs the feature's reducer on its state, with its dependencies.
  @inlinable
  func reduce(_ action: R.Action) -> Effect<R.Action> {
    dependencies.run { reducer.reduce(into: &state, action: action) }
  }

  /// Runs the feature's start on its state, with its dependencies.
  @inlinable
  func reduceStart() -> Effect<R.Action> {
    dependencies.run { reducer.reduceStoreStart(into: &state) }
  }

  /// A copy of the box for a write while another value shares it. The copy takes the token,
  /// and with it the views that watch it (the copy is what the store's state holds from now
  /// on); this box, left to the value that shares it, gets a token of its own.
  @usableFromInline
  func copy() -> ComposedStorage<R> {
    let copy = ComposedStorage(
      name: name, state: state, dependencies: dependencies, reducer: reducer, mark: mark)
    copy.token = token
    token.holder = copy
    token = ComposedToken(holder: self)
    return copy
  }
}

/// A composed feature's box, by its feature's name (what its registry lists).
protocol NamedComposedStorage: AnyObject {
  var name: String { get }
}

/// Makes a store scoped to a composed feature's state from the store that presents it, whose
/// types the launcher does not know.
@usableFromInline
protocol ComposedScoping {
  /// The feature's box, as it is now.
  var box: AnyObject { get }

  /// A store whose state is `state` of the composed feature's box (the last one it had, once
  /// the feature is dismissed), and whose actions reach the feature through the presenting
  /// store as `.composed`.
  func scope<ChildState, ChildAction: Sendable>(
    name: String,
    state: @escaping (AnyObject) -> ChildState?,
    token: @escaping (AnyObject) -> ComposedToken?,
    action: @escaping (ChildAction) -> ComposedAction
  ) -> Store<ChildState, ChildAction>
}

/// ``ComposedScoping`` for a presenting store.
struct PresentingScope<State, Action: Sendable>: ComposedScoping {
  let store: Store<State, Action>
  let box: AnyObject
  /// The feature's box in the presenting store's state, while it is there.
  let storage: (State) -> AnyObject?
  let embed: (ComposedAction) -> Action

  func scope<ChildState, ChildAction: Sendable>(
    name: String,
    state: @escaping (AnyObject) -> ChildState?,
    token: @escaping (AnyObject) -> ComposedToken?,
    action: @escaping (ChildAction) -> ComposedAction
  ) -> Store<ChildState, ChildAction> {
    let storage = storage
    let embed = embed
    guard let box = storage(store.state), let first = state(box), let firstToken = token(box)
    else {
      preconditionFailure("A composed feature's view was asked for while it was not presented")
    }
    // Watched by the feature's version: the root skips a view of it, without a call, on an
    // action that did not touch this feature; and read from the box that holds the token,
    // without a key path into the parent's state (one costs a microsecond, times every read).
    return store.scope(
      state: { parent in
        // The box the store's state holds, or, dismissed, the one it held when it went (a view
        // built afterwards shows its last state).
        if let box = firstToken.holder, let now = state(box) { return now }
        // Its holder gone (the parent put another copy of the feature's state in its place).
        if let box = storage(parent), let now = state(box) { return now }
        return first
      },
      action: { embed(action($0)) },
      name: "\(store.name)/\(name)",
      version: firstToken.version)
  }
}

/// What a composed feature's views watch: bumped by each run of the feature's reducer, handed
/// to the copy when its box is copied (so it stays with the state the store holds), and retired
/// (keeping the box for a last read) when the feature goes. Its version only grows, so one
/// number tells a view that its feature changed.
///
/// Not `Sendable`: confined to the presenting store's actor.
@usableFromInline
final class ComposedToken {
  @usableFromInline let version = StateVersion()
  /// The box that holds this token: the one the store's state holds, since a copy made for a
  /// write takes the token. Weak: the box holds its token.
  @usableFromInline weak var holder: AnyObject?
  /// The box, kept once it retired: its last state.
  private(set) var kept: AnyObject?

  @usableFromInline
  init(holder: AnyObject? = nil) {
    self.holder = holder
  }

  func retire(keeping box: AnyObject) {
    version.bump()
    kept = box
  }
}

/// A feature composed into the store that presents it, as that store's running children know
/// it (``RunningChildren``): how to reach it, and its handle once a view asked for one.
final class ComposedChild<Input: Sendable, Output: Sendable>: RunningChild {
  /// The feature's stop action.
  let willStop: ComposedAction?
  var runsInAStoreOfItsOwn: Bool { false }
  /// Makes the feature's handle.
  let makeHandle:
    @Sendable (
      _ scoping: any ComposedScoping, _ startWork: StoreTask?,
      _ registration: FeatureRegistry.Registration, _ end: @escaping () -> Void
    ) -> FeatureHandle<Input, Output>
  /// The feature's entry in its registry, from its composition until it ends (its handle's
  /// host, once made, keeps the same entry).
  let registration: FeatureRegistry.Registration
  /// What its start action started, when that ends by itself (a load): what settling and
  /// stopping it wait for.
  var startWork: StoreTask?
  /// How the presenting reducer embeds the feature's actions: a
  /// `(FeatureAction<Input, Output>) -> Action` of the presenting store's `Action`.
  let embed: any Sendable
  /// Sends one of the feature's actions through the store that runs it.
  let send: (ComposedAction) -> StoreTask
  /// Cancels the feature's effects.
  private let cancel: () -> Void
  /// Its handle while a view, a host or a view store made from it holds it: held weakly, as
  /// the handle's store (scoped from the presenting store) holds that store, whose running
  /// children hold this, and a strong reference would keep the presenting store alive forever.
  private(set) weak var handle: FeatureHandle<Input, Output>?
  private var isStopped = false
  /// The features it presents in stores of their own, among the store's running children.
  var presentedInStoresOfTheirOwn: PresentedInStoresOfTheirOwn?

  init<Start>(
    composition: FeatureComposition<Start, Input, Output>,
    registration: FeatureRegistry.Registration, embed: any Sendable,
    send: @escaping (ComposedAction) -> StoreTask, cancel: @escaping () -> Void
  ) {
    willStop = composition.willStop
    makeHandle = composition.handle
    self.registration = registration
    self.embed = embed
    self.send = send
    self.cancel = cancel
  }

  /// The feature's handle, scoped from `store` (the presenting store) the first time.
  func handle<State, Action: Sendable>(
    in store: Store<State, Action>, storage: @escaping (State) -> AnyObject?
  ) -> FeatureHandle<Input, Output>? {
    if let handle { return handle }
    guard !isStopped, let embed = embed as? @Sendable (FeatureAction<Input, Output>) -> Action,
      let box = storage(store.state)
    else { return nil }
    let made = makeHandle(
      PresentingScope(store: store, box: box, storage: storage) { embed(.composed($0)) },
      startWork, registration, { [weak self] in self?.end() })
    (made.host as? any ComposedFeatureHost)?.reach(presentedInStoresOfTheirOwn)
    handle = made
    return made
  }

  private func end() {
    guard !isStopped else { return }
    isStopped = true
    registration.end()
    cancel()
  }

  nonisolated(nonsending) func stop() async {
    if let handle { return await handle.stop() }
    guard !isStopped else { return }
    if let willStop { await send(willStop).finish() }
    await startWork?.finish()
    end()
  }

  func letGo() {
    isStopped = true
    registration.end()
    handle?.stopNow()
  }

  nonisolated(nonsending) func settle() async {
    if let handle { return await handle.settle() }
    await startWork?.finish()
  }

  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    handle?.host.featureRunningCurrentTask(visited: &visited)
  }
}

extension ComposedStep {
  /// The step for a parent's action to a presented feature; `nil` for an output.
  @usableFromInline
  init?<Output>(_ action: FeatureAction<Input, Output>) {
    switch action {
    case .input(let input): self = .input(input)
    case .composed(let action): self = .action(action)
    case .output: return nil
    }
  }
}

/// Registers a feature composed into the presenting store with the store's running children
/// (``RunningChildren``), right where the parent presents it, for as long as it is presented:
/// so that a view can ask for its handle, and the host's stop reaches it.
struct ComposedPresentation<Action: Sendable, Start: Sendable, Input: Sendable, Output: Sendable>:
  EffectOperator
{
  let composition: FeatureComposition<Start, Input, Output>
  /// Where the feature registers, and as what.
  let registry: FeatureRegistry
  let name: String
  /// The presenting reducer's embedding of the feature's actions, kept as it was through the
  /// scopes this effect travels (a view asks the presenting store for the handle).
  let embed: any Sendable
  /// The same embedding, into the actions of the store this effect runs in.
  let send: @Sendable (ComposedAction) -> Action?

  init(
    composition: FeatureComposition<Start, Input, Output>, registry: FeatureRegistry,
    name: String, embed: @escaping @Sendable (FeatureAction<Input, Output>) -> Action,
    send: @escaping @Sendable (ComposedAction) -> Action?
  ) {
    self.init(
      composition: composition, registry: registry, name: name, erasedEmbed: embed, send: send)
  }

  private init(
    composition: FeatureComposition<Start, Input, Output>, registry: FeatureRegistry,
    name: String, erasedEmbed: any Sendable,
    send: @escaping @Sendable (ComposedAction) -> Action?
  ) {
    self.composition = composition
    self.registry = registry
    self.name = name
    self.embed = erasedEmbed
    self.send = send
  }

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    guard let child = ids.last(where: \.marksChild) else { return StoreTask() }
    let presented = runtime.runningChildren
    if presented.feature(for: child) != nil { return StoreTask() }
    let sink = runtime.sink()
    let send = send
    let feature = ComposedChild<Input, Output>(
      composition: composition, registration: registry.register(name: name), embed: embed,
      send: { action in send(action).map { sink.sendOnActor($0) } ?? StoreTask() },
      cancel: { [weak runtime] in runtime?.cancel(id: child) })
    feature.presentedInStoresOfTheirOwn = PresentedInStoresOfTheirOwn(
      children: presented, parent: child)
    presented.insert(feature, for: child, depth: ids.count { $0.marksChild })
    runtime.attach(ids: ids) { [weak presented] _ in
      presented?.remove(child)?.letGo()
    }
    return StoreTask()
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    let send = send
    return Effect<Other>(
      composing: ComposedPresentation<Other, Start, Input, Output>(
        composition: composition, registry: registry, name: name, erasedEmbed: embed,
        send: { send($0).flatMap(transform.action) }))
  }

  var isImmediate: Bool { true }
}

/// The work a composed feature's start action starts, when it ends by itself (a load): started
/// as part of the step that presents the feature, and kept by the feature's entry among the
/// store's running children, so that its host's `settle()` and stop wait for it, as they wait
/// for the start work of a feature in a store of its own.
struct ComposedStartWork<Action: Sendable, Input: Sendable, Output: Sendable>: EffectOperator {
  let work: Effect<Action>

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let task = runtime.start(work, ids: ids)
    if let child = ids.last(where: \.marksChild),
      let feature = runtime.runningChildren.feature(for: child) as? ComposedChild<Input, Output>
    {
      feature.startWork = task
    }
    return task
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(composing: ComposedStartWork<Other, Input, Output>(work: transform.effect(work)))
  }

  var isImmediate: Bool { true }
}
