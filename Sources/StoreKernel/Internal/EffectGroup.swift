/// The effects one `send` started, and every effect started by the actions those effects sent
/// back, transitively: what `StoreTask.finish()` waits for, as in TCA.
///
/// Created by the runtime when the first effect of a `send` starts; the effects' `Send` carries
/// it, so an action an effect delivers adds its own effects to the same group. Finished tasks
/// are pruned as new ones arrive, so a long-lived effect that keeps sending keeps a bounded
/// group.
///
/// `Sendable`: its tasks are behind a lock.
@usableFromInline
final class EffectGroup: Sendable {
  private struct State {
    var tasks: [(task: Task<Void, Never>, completion: EffectCompletion)] = []
    var pruneThreshold = 16
  }

  private let state = LockedValue(State())

  init() {}

  func add(_ task: Task<Void, Never>, completion: EffectCompletion) {
    state.withLock { state in
      if state.tasks.count >= state.pruneThreshold {
        state.tasks.removeAll { $0.completion.isFinished }
        state.pruneThreshold = Swift.max(16, state.tasks.count * 2)
      }
      state.tasks.append((task, completion))
    }
  }

  /// The tasks not finished yet.
  var runningTasks: [Task<Void, Never>] {
    state.withLock { $0.tasks.filter { !$0.completion.isFinished }.map(\.task) }
  }

  /// Whether any task of the group is still running.
  var isRunning: Bool {
    state.withLock { $0.tasks.contains { !$0.completion.isFinished } }
  }

  /// Waits until every task of the group has ended, including tasks added meanwhile.
  func finish() async {
    while true {
      let running = runningTasks
      if running.isEmpty { return }
      for task in running { await task.value }
    }
  }

  /// Cancels every task of the group that is still running.
  func cancel() {
    for task in runningTasks { task.cancel() }
  }
}
