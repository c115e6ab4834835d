import MultiStorePrimitives
public import StoreKernel

/// The features one store presents that are running now, each under the id of the child it is
/// (``EffectID/marksChild``): what the presenting operators start, reach and stop. One per
/// store that presents features (an operator state), confined to its actor.
final class RunningChildren {
  private var running: [EffectID: any RunningChild] = [:]
  /// The ids of those that run in stores of their own: what a composed feature's host reaches
  /// (``settleAll(under:)``), without a walk over every composed neighbour.
  private var inStoresOfTheirOwn: Set<EffectID> = []
  /// Where each sits: how many children deep, and when it came (``stopAll(under:)``'s order).
  private var places: [EffectID: (depth: Int, sequence: Int)] = [:]
  private var sequence = 0

  /// How many are running: a test checks dismissing leaves none.
  var count: Int { running.count }

  /// Keeps `feature`, presented as the child `id`, `depth` children deep in the store.
  func insert(_ feature: any RunningChild, for id: EffectID, depth: Int) {
    running[id] = feature
    if feature.runsInAStoreOfItsOwn { inStoresOfTheirOwn.insert(id) }
    places[id] = (depth, sequence)
    sequence += 1
  }

  func feature(for id: EffectID) -> (any RunningChild)? {
    running[id]
  }

  /// The feature presented as the child `navigation`, wherever the presenting reducer sits in
  /// the store's reducers (the key is the child's id as the root sees it, under the children
  /// above it).
  func feature(presentedAs navigation: NavigationID) -> (any RunningChild)? {
    running.first { $0.key.markedChild == navigation }?.value
  }

  /// Takes the feature presented as `id` out: the caller stops it.
  func remove(_ id: EffectID) -> (any RunningChild)? {
    places[id] = nil
    inStoresOfTheirOwn.remove(id)
    return running.removeValue(forKey: id)
  }

  /// Waits until every presented feature has settled (``FeatureHandle/settle()``) and the outputs it
  /// has emitted have reached this store, again while settling presents more: what a host's
  /// `settle()` of the presenting feature waits for besides its own inputs' work.
  ///
  /// A feature that a settle of these is settling already is not settled again.
  ///
  /// - Parameter parent: Only the features in stores of their own presented under this child
  ///   (a feature composed into this store): `nil` for all.
  nonisolated(nonsending) func settleAll(under parent: EffectID? = nil) async {
    var settled = Set<ObjectIdentifier>()
    while let next = entries(under: parent).first(where: {
      !settled.contains(ObjectIdentifier($0.value))
        && !settling.contains(ObjectIdentifier($0.value))
    })?.value {
      let id = ObjectIdentifier(next)
      settled.insert(id)
      settling.insert(id)
      await next.settle()
      settling.remove(id)
    }
  }

  /// The name of the feature whose effect the current task runs, among these and those they
  /// present, skipping the hosts in `visited` (see `FeatureHost.featureRunningCurrentTask`).
  func featureRunningCurrentTask(
    visited: inout Set<ObjectIdentifier>, under parent: EffectID? = nil
  ) -> String? {
    for entry in entries(under: parent) {
      if let name = entry.value.featureRunningCurrentTask(visited: &visited) { return name }
    }
    return nil
  }

  /// The features reached for `parent` (see ``settleAll(under:)``): all of them for `nil`.
  private func entries(under parent: EffectID?) -> [(key: EffectID, value: any RunningChild)] {
    guard let parent else { return running.map { $0 } }
    return inStoresOfTheirOwn.compactMap { id in
      guard id.marksChild(under: parent), let feature = running[id] else { return nil }
      return (id, feature)
    }
  }

  /// The presented features being settled now.
  private var settling = Set<ObjectIdentifier>()

  /// Stops every presented feature as a host's `stop()` does (its stop action runs and is
  /// awaited), before the store that presents them stops, on `isolation`: their actor.
  ///
  /// - Parameter parent: Only the features in stores of their own presented under this child
  ///   (a feature composed into this store, stopping): `nil` for all.
  nonisolated(nonsending) func stopAll(under parent: EffectID? = nil) async {
    // The deepest first, so what a feature hands over while it stops reaches its parent before
    // the parent stops; among equals, in the order they came.
    let order = entries(under: parent).map(\.key).sorted {
      let (left, right) = (places[$0] ?? (0, 0), places[$1] ?? (0, 0))
      return left.depth != right.depth ? left.depth > right.depth : left.sequence < right.sequence
    }
    let features = order.compactMap { remove($0) }
    for feature in features { await feature.stop() }
  }
}

/// The features in stores of their own that a feature composed into a store presents, at any
/// depth: entries of that store's running children under the feature's own. Its host's
/// `settle()` and stop reach them, as a feature in a store of its own reaches its store's.
///
/// Not `Sendable`: confined to the store's actor, with the running children.
struct PresentedInStoresOfTheirOwn {
  weak var children: RunningChildren?
  /// The composed feature's own entry.
  let parent: EffectID

  nonisolated(nonsending) func settle() async {
    await children?.settleAll(under: parent)
  }

  nonisolated(nonsending) func stop() async {
    await children?.stopAll(under: parent)
  }

  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    children?.featureRunningCurrentTask(visited: &visited, under: parent)
  }
}

/// A presented feature, whatever its input and output: confined to the presenting store's actor.
protocol RunningChild: AnyObject {
  /// Whether it runs in a store of its own (``OwnStoreChild``), not composed into the parent's.
  var runsInAStoreOfItsOwn: Bool { get }
  /// Stops it as `FeatureHandle.stop()` does, on the caller's actor (the one it lives on).
  nonisolated(nonsending) func stop() async
  /// Stops it at once, as a feature let go: its effects cancelled, its store released.
  func letGo()
  /// Waits until it has settled and the outputs it has emitted have reached its parent.
  nonisolated(nonsending) func settle() async
  /// The name of the feature whose effect the current task runs, among it and the features it
  /// presents, skipping the hosts in `visited`.
  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String?
}

/// A presented feature and the task that carries its outputs to the parent.
final class OwnStoreChild<Input: Sendable, Output: Sendable>: RunningChild {
  let feature: FeatureHandle<Input, Output>
  /// How many of its outputs the task that carries them has handed to the parent.
  let carried = CarriedOutputs()

  init(_ feature: FeatureHandle<Input, Output>) {
    self.feature = feature
  }

  var runsInAStoreOfItsOwn: Bool { true }

  nonisolated(nonsending) func stop() async {
    await feature.stop()
    // What it emitted while stopping (an editor's last text) reaches the parent before the
    // parent goes on stopping.
    await carried.until(feature.metrics.outputsEmitted)
    carried.end()
  }

  func letGo() {
    feature.stopNow()
    carried.end()
  }

  nonisolated(nonsending) func settle() async {
    await feature.settle()
    await carried.until(feature.metrics.outputsEmitted)
  }

  func featureRunningCurrentTask(visited: inout Set<ObjectIdentifier>) -> String? {
    feature.host.featureRunningCurrentTask(visited: &visited)
  }
}

/// A count of the outputs carried to a parent, and the parents' settles waiting for it: the
/// carrying task counts off the parent's actor, the settle waits on it.
///
/// `Sendable`: a `LockedValue`.
final class CarriedOutputs: Sendable {
  private struct State {
    var count = 0
    var ended = false
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedValue(State())

  /// One more output reached the parent.
  func add() {
    let ready = state.withLock { state in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.count <= count }
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// The feature stopped: nothing more will be carried, and nobody waits for it.
  func end() {
    let waiting = state.withLock { state in
      state.ended = true
      let waiting = state.waiters
      state.waiters = []
      return waiting
    }
    for waiter in waiting { waiter.continuation.resume() }
  }

  /// Returns once `count` outputs have been carried, or the feature has stopped.
  func until(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.ended || state.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}

extension EffectRuntime {
  /// The running children of the store this runtime runs, made with the first: the one place
  /// a presenting operator reaches them.
  var runningChildren: RunningChildren {
    operatorState(RunningChildren.self) { RunningChildren() }
  }
}

extension Store {
  /// The running children of this store, if it ever presented a feature: the one place a
  /// feature's host reaches them.
  var runningChildren: RunningChildren? {
    existingOperatorState(RunningChildren.self)
  }
}

/// Starts a presented feature in a store of its own, on the presenting store's actor, right
/// where the parent presents it (the effect the presentation returns), and ties its life to
/// the child it is: when the child's id is cancelled (dismissed, popped, replaced) the feature
/// stops, and its outputs stop reaching the parent.
///
/// - Its store starts from the parent store's dependencies, under its own, with a `dismiss`
///   that sends the parent the child's dismiss action (`.dismiss`, or `.popFrom(id:)`).
/// - Its outputs reach the parent as actions at once, on the actor they share: each is sent to
///   the parent's store as the child emits it (queued behind the action the parent handles, if
///   it handles one), never through a task, so the keys a person types after a key that made a
///   child report find the parent already changed. Once the child is dismissed, nothing it
///   emits reaches the parent.
/// - Dismissed (or replaced, or popped), or when its parent's store goes, it stops at once: its
///   effects are cancelled and its store released, as TCA cancels a dismissed child's effects.
///   A parent behind a boundary that is stopped stops what it presents first, as their hosts
///   would (their stop actions run).
struct StartOwnStoreChild<Action: Sendable, Start: Sendable, Input: Sendable, Output: Sendable>:
  EffectOperator
{
  let value: Start
  let launcher: FeatureLauncher<Start, Input, Output>
  let output: @Sendable (Output) -> Action?
  let dismiss: Action?

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    guard let child = ids.last(where: \.marksChild), let isolation = runtime.isolation else {
      return StoreTask()
    }
    let presented = runtime.runningChildren
    if presented.feature(for: child) != nil { return StoreTask() }
    let feature = launch(in: runtime, on: isolation).value
    let handle = OwnStoreChild(feature)
    presented.insert(handle, for: child, depth: ids.count { $0.marksChild })

    let output = output
    let carried = handle.carried
    let sink = runtime.sink()
    // Called inside the child's reducer, on the actor: the parent's store queues the action if
    // it is handling one (the child's input came from the parent's own send).
    feature.deliverOutputs { value in
      if let action = output(value) { sink.sendOnActor(action) }
      carried.add()
    }
    // Dismissed, replaced, popped, or its parent stopping or going: let go, which stops it at
    // once (its effects cancelled, its store released), as TCA cancels a dismissed child's
    // effects. A parent's host that stops gracefully stops what it presents first.
    runtime.attach(ids: ids) { [weak presented] _ in
      presented?.remove(child)?.letGo()
    }
    return StoreTask()
  }

  /// The feature, started on `isolation` inside a scope of the parent's dependencies.
  private func launch(
    in runtime: any EffectRuntime<Action>, on isolation: any Actor
  ) -> OnItsActor<FeatureHandle<Input, Output>> {
    let parent = runtime.dependencyValues
    let launcher = parent[feature: launcher]
    let sink = runtime.sink()
    let dismiss = dismiss
    let value = value
    // The store starts on its actor, which the caller is on (an operator starts there).
    return isolation.assumeIsolated { isolation in
      withDependencies {
        $0 = parent
        $0.dismiss = DismissEffect {
          if let dismiss { await sink.send(dismiss) }
        }
      } operation: {
        OnItsActor(
          value: launcher.launch(value, nil, { _ in }, isolation))
      }
    }
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    let output = output
    return Effect<Other>(
      composing: StartOwnStoreChild<Other, Start, Input, Output>(
        value: value, launcher: launcher,
        output: { value in output(value).flatMap(transform.action) },
        dismiss: dismiss.flatMap(transform.action)))
  }
}

/// Hands an input to the presented feature the effect runs in (the child it is marked with):
/// what a parent's `.presented(.input(x))` does.
struct SendToPresented<Action: Sendable, Input: Sendable, Output: Sendable>: EffectOperator {
  let input: Input
  let fileID: StaticString
  let line: UInt

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let presented = runtime.runningChildren
    guard let child = ids.last(where: \.marksChild) else { return StoreTask() }
    // A feature composed into the store took the input in the parent's reducer.
    if presented.feature(for: child) is ComposedChild<Input, Output> { return StoreTask() }
    guard let feature = presented.feature(for: child) as? OwnStoreChild<Input, Output>
    else {
      IssueReporter.report(
        "A presented feature at \(fileID):\(line) was sent an input while it was not running: "
          + "\(input). It reached no feature.")
      return StoreTask()
    }
    feature.feature.sendNow(input)
    return StoreTask()
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(
      composing: SendToPresented<Other, Input, Output>(input: input, fileID: fileID, line: line))
  }

  var isImmediate: Bool { true }
}

/// A feature made on its actor, carried out of `assumeIsolated` (whose result must be
/// `Sendable`) to the operator that made it, on the same actor.
@usableFromInline
struct OnItsActor<Value>: @unchecked Sendable {
  // SAFETY: made on the presenting store's actor and handed straight back to the code running
  // there (`StartOwnStoreChild.launch`, `FeatureHandle.composedHandle`): it never reaches another thread.
  @usableFromInline let value: Value

  @usableFromInline
  init(value: Value) {
    self.value = value
  }
}

extension Store {
  /// The feature presented at `state` now, while it is presented: what a view shows in its sheet
  /// (the feature's module makes its view from it, as from any `FeatureHandle`), or what a host
  /// inspects. `nil` while nothing is presented, and for a feature of other input and output
  /// types than asked for.
  ///
  /// ```swift
  /// let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
  ///   \.$recording)
  /// ```
  ///
  /// Read it on the store's actor, from the store whose reducer presents the feature (or a store
  /// scoped from it). The handle is for showing and observing: the parent still sends the
  /// feature its inputs through its own reducer (`.presented(.input(_:))`), and stopping it is
  /// dismissing it.
  ///
  /// - Parameter state: Where the presented value is: the presentation state's projected value,
  ///   as given to `ifLet(_:action:feature:)`.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> FeatureHandle<Input, Output>? {
    guard let child = self.state[keyPath: state].presentedID else { return nil }
    return presentedFeature(as: child) { $0[keyPath: state].composed?.storage }
  }

  /// The feature presented by the element `id` of a navigation stack, while it is on the
  /// stack: what a view shows for that screen. `nil` for an id that is not on the stack, and
  /// for a feature of other input and output types than asked for.
  ///
  /// ```swift
  /// let take: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(\.path, id: id)
  /// ```
  ///
  /// - Parameters:
  ///   - stack: Where the stack is, as given to `forEach(_:action:feature:)`.
  ///   - id: The element's id.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ stack: any WritableKeyPath<State, StackState<Start>> & Sendable,
    id: StackElementID
  ) -> FeatureHandle<Input, Output>? {
    presentedFeature(as: NavigationID(place: stack, identity: AnyHashable(id))) {
      $0[keyPath: stack].composed[id]?.storage
    }
  }

  /// The feature presented as `child`: in a store of its own, or composed into this store, its
  /// state then in the box `storage` finds.
  func presentedFeature<Input: Sendable, Output: Sendable>(
    as child: NavigationID, storage: @escaping (State) -> AnyObject?
  ) -> FeatureHandle<Input, Output>? {
    guard let presented = runningChildren?.feature(presentedAs: child)
    else { return nil }
    if let composed = presented as? ComposedChild<Input, Output> {
      return composed.handle(in: self, storage: storage)
    }
    // Of other types than asked for: `nil`, so a view may ask a mixed stack's element for
    // each of the features its cases present.
    return (presented as? OwnStoreChild<Input, Output>)?.feature
  }
}

extension Store {
  /// Stops every feature presented in this store's reducers now, as their hosts would (their
  /// stop actions run, and what they emit while stopping reaches their parents): what a
  /// single-store app does before it stops its root store, whose running children are all
  /// the features composed into it, at any depth.
  nonisolated(nonsending) package func stopPresentedFeatures() async {
    await runningChildren?.stopAll()
  }
}

extension ViewStore {
  /// The feature presented at `state` now, while it is presented: what a view shows in its
  /// sheet, from the view store of the feature that presents it (its module makes the presented
  /// feature's view from it). `nil` while nothing is presented, once the presenting feature has
  /// stopped, and for a feature of other input and output types than asked for.
  ///
  /// The presentation state read here is not tracked: read the presented value itself through
  /// the view store (`viewStore.recording`) where the view must redraw when it comes and goes.
  ///
  /// - Parameter state: Where the presented value is: the presentation state's projected value,
  ///   as given to `ifLet(_:action:feature:)`.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> FeatureHandle<Input, Output>? {
    guard let store = storage.owner as? any PresentingStore<State> else { return nil }
    return store.presentedFeature(state)
  }
}

/// A store that may present features, whatever its state and actions: what a view store, which
/// knows its store only by its state and view actions, asks for a presented feature.
protocol PresentingStore<State>: AnyObject {
  associatedtype State
  func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> FeatureHandle<Input, Output>?
}

extension Store: PresentingStore {}
