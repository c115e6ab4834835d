import MultiStorePrimitives

/// The effects one `send` started, and every effect started by the actions those effects sent
/// back, transitively: what `StoreTask.finish()` waits for, as in TCA.
///
/// The runtime makes one (an ``EffectSender``, which is also the `Send` of every effect of the
/// group) when the first effect of a `send` starts, so an action an effect delivers adds its
/// own effects to the same group.
///
/// Conforming types are `Sendable`.
@usableFromInline
protocol EffectGroup: AnyObject, Sendable {
  /// The tasks not finished yet.
  var runningTasks: [Task<Void, Never>] { get }
  /// Whether any task of the group is still running.
  var isRunning: Bool { get }
  /// Waits until every task of the group has ended, including tasks added meanwhile.
  func finish() async
  /// Cancels every task of the group that is still running.
  func cancel()
}

/// A group's tasks. Finished ones are pruned as new ones arrive, so a long-lived effect that
/// keeps sending keeps a bounded group.
struct EffectGroupTasks {
  struct Entry {
    let task: Task<Void, Never>
    let completion: EffectCompletion
  }

  /// The first task, kept out of the array: most groups have one.
  var first: Entry?
  var rest: [Entry] = []
  var pruneThreshold = 16

  mutating func add(_ entry: Entry) {
    if first == nil {
      first = entry
      return
    }
    if rest.count >= pruneThreshold {
      rest.removeAll { $0.completion.isFinished }
      pruneThreshold = Swift.max(16, rest.count * 2)
    }
    rest.append(entry)
  }

  /// A task not finished yet, if any: the first, else the oldest of the rest.
  var firstRunning: Task<Void, Never>? {
    if let first, !first.completion.isFinished { return first.task }
    return rest.first { !$0.completion.isFinished }?.task
  }

  var running: [Task<Void, Never>] {
    var running = rest.filter { !$0.completion.isFinished }.map(\.task)
    if let first, !first.completion.isFinished { running.insert(first.task, at: 0) }
    return running
  }
}

/// An effect group that is also how its effects reach their store: the one object behind the
/// `Send` of every effect of the group (one per `send` that starts effects, not one per effect).
///
/// Delivering is inlinable: the `Send` closures are formed in the store's specialized code, so
/// an action an effect sends back is handled by the specialized `send` too.
@usableFromInline
final class EffectSender<State, Action: Sendable>: EffectGroup {
  @usableFromInline let reference: RuntimeReference<State, Action>
  /// Weak, as the store's (see `Store.isolation`): a running effect must not keep alive an
  /// actor that owns the store (the store's release is what cancels the effect). Gone, it has
  /// nowhere to deliver.
  @usableFromInline weak let isolation: (any Actor)?
  private let tasks = LockedValue(EffectGroupTasks())

  @usableFromInline
  init(reference: RuntimeReference<State, Action>, isolation: (any Actor)?) {
    self.reference = reference
    self.isolation = isolation
  }

  @usableFromInline
  func add(_ task: Task<Void, Never>, completion: EffectCompletion) {
    tasks.withLock { $0.add(.init(task: task, completion: completion)) }
  }

  @usableFromInline var runningTasks: [Task<Void, Never>] { tasks.withLock { $0.running } }

  @usableFromInline var isRunning: Bool { tasks.withLock { $0.firstRunning != nil } }

  /// Takes one running task at a time, so waiting allocates nothing.
  @usableFromInline func finish() async {
    while let task = tasks.withLock({ $0.firstRunning }) {
      await task.value
    }
  }

  @usableFromInline func cancel() {
    for task in runningTasks { task.cancel() }
  }

  /// The `Send` the group's effects use. Each closure captures only this object.
  @inlinable
  var send: Send<Action> {
    Send(
      deliver: { [self] in await deliver($0) }, schedule: { [self] in await schedule($0, ids: []) })
  }

  /// The `Send` of a concatenation: what it hands back to the store is marked with `ids`.
  func send(scheduling ids: [EffectID]) -> Send<Action> {
    if ids.isEmpty { return send }
    return Send(
      deliver: { [self] in await deliver($0) }, schedule: { [self] in await schedule($0, ids: ids) }
    )
  }

  @inlinable
  func deliver(_ action: Action) async {
    guard let isolation else { return }
    await onIsolation(isolation) {
      guard !Task.isCancelled else { return }
      reference.runtime?.deliver(action, joining: self)
    }
  }

  @usableFromInline
  func schedule(_ effect: Effect<Action>, ids: [EffectID]) async -> StoreTask {
    guard let isolation else { return StoreTask() }
    return await onIsolation(isolation) {
      reference.runtime?.schedule(effect, ids: ids, joining: self) ?? StoreTask()
    }
  }
}

extension EffectSender: EffectRevisiting {
  @usableFromInline
  package func revisit(
    _ body: @escaping @Sendable (any EffectRuntime<Action>) -> StoreTask
  ) async -> StoreTask {
    guard let isolation else { return StoreTask() }
    return await onIsolation(isolation) {
      guard !Task.isCancelled, let runtime = reference.runtime else { return StoreTask() }
      return runtime.joining(self) { body(runtime) }
    }
  }
}
