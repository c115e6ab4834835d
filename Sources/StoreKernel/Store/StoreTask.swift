/// A handle on the effects that one `send` started.
///
/// `finish()` waits for them, and for the effects started by the actions they send back, as
/// long as that goes on (TCA's semantics): after `await store.send(.load).finish()` the
/// response has been handled and whatever it started has ended. `cancel()` cancels all of them.
/// A `send` that started no effect returns an empty handle, which costs nothing.
///
/// `Sendable`: it holds only `Task` handles.
public struct StoreTask: Sendable {
  @usableFromInline
  enum Tasks: Sendable {
    case none
    case one(Task<Void, Never>)
    case many([Task<Void, Never>])
    case pending(PendingStoreTask)
    /// Handles whose tasks are read only when needed (some may be pending still).
    case combined([StoreTask])
    /// Everything a `send` started, transitively.
    case group(any EffectGroup)
  }

  @usableFromInline let tasks: Tasks

  /// An empty handle: no effects.
  @inlinable
  public init() { self.tasks = .none }

  @usableFromInline
  init(_ tasks: Tasks) { self.tasks = tasks }

  /// A handle on one task: what an operator outside the kernel returns for the task it started.
  package init(task: Task<Void, Never>) { self.tasks = .one(task) }

  @usableFromInline
  init(all: [StoreTask]) {
    var flat: [Task<Void, Never>] = []
    for task in all { task.collect(into: &flat) }
    switch flat.count {
    case 0: self.tasks = .none
    case 1: self.tasks = .one(flat[0])
    default: self.tasks = .many(flat)
    }
  }

  /// Adds `other`'s effects to this handle; costs nothing while either is empty.
  @usableFromInline
  mutating func formUnion(_ other: StoreTask) {
    switch (tasks, other.tasks) {
    case (_, .none): return
    case (.none, _): self = other
    case (.combined(var all), _):
      all.append(other)
      self = StoreTask(.combined(all))
    default:
      self = StoreTask(.combined([self, other]))
    }
  }

  func collect(into flat: inout [Task<Void, Never>]) {
    switch tasks {
    case .none: break
    case .one(let task): flat.append(task)
    case .many(let tasks): flat.append(contentsOf: tasks)
    case .pending(let pending): pending.resolved.collect(into: &flat)
    case .combined(let all): for task in all { task.collect(into: &flat) }
    case .group(let group): flat.append(contentsOf: group.runningTasks)
    }
  }

  /// Whether the send started no effect at all.
  public var isEmpty: Bool {
    switch tasks {
    case .none: return true
    case .group: return false
    default:
      var flat: [Task<Void, Never>] = []
      collect(into: &flat)
      return flat.isEmpty
    }
  }

  /// Whether any effect of this handle (or started by their actions) is still running.
  package var isRunning: Bool {
    switch tasks {
    case .none: return false
    case .group(let group): return group.isRunning
    case .pending(let pending): return pending.resolved.isRunning
    case .combined(let all): return all.contains(where: \.isRunning)
    case .one, .many:
      var flat: [Task<Void, Never>] = []
      collect(into: &flat)
      return !flat.isEmpty
    }
  }

  /// Waits until every effect started by the send has finished or been cancelled, and every
  /// effect started by the actions they sent back.
  public func finish() async {
    switch tasks {
    case .none: return
    case .one(let task): await task.value
    case .many(let tasks):
      for task in tasks { await task.value }
    case .pending(let pending): await pending.resolved.finish()
    case .combined(let all):
      for task in all { await task.finish() }
    case .group(let group): await group.finish()
    }
  }

  /// Cancels every effect started by the send, and by the actions they sent back, and waits
  /// until each has ended (TCA's `cancel()` is asynchronous too): after `await task.cancel()`
  /// no effect of the send runs any more.
  ///
  /// ```swift
  /// let timer = await store.send(.startTimer)
  /// await timer.cancel()
  /// ```
  public func cancel() async {
    cancelWithoutWaiting()
    await finish()
  }

  /// Cancels every effect started by the send, and by the actions they sent back, without
  /// waiting for them to end.
  package func cancelWithoutWaiting() {
    switch tasks {
    case .none: return
    case .one(let task): task.cancel()
    case .many(let tasks):
      for task in tasks { task.cancel() }
    case .pending(let pending): pending.resolved.cancelWithoutWaiting()
    case .combined(let all):
      for task in all { task.cancelWithoutWaiting() }
    case .group(let group): group.cancel()
    }
  }
}
