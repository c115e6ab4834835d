/// The running effects of one runtime, by insertion order, with the ids they were marked with.
///
/// Finished entries are pruned in amortized O(1) on insert (each task flags its own completion),
/// so no hop back to the store is needed when an effect ends and memory stays bounded.
@usableFromInline
struct EffectTable {
  private struct Entry {
    let task: Task<Void, Never>
    let completion: EffectCompletion
    let ids: [EffectID]
  }

  private var entries: [Entry] = []
  private var pruneThreshold = 32

  init() {}

  @usableFromInline
  mutating func insert(task: Task<Void, Never>, completion: EffectCompletion, ids: [EffectID]) {
    if entries.count >= pruneThreshold {
      entries.removeAll { $0.completion.isFinished }
      pruneThreshold = Swift.max(32, entries.count * 2)
    }
    entries.append(Entry(task: task, completion: completion, ids: ids))
  }

  func cancel(id: EffectID) {
    for entry in entries where !entry.completion.isFinished && entry.ids.contains(id) {
      entry.task.cancel()
    }
  }

  func cancelAll() {
    for entry in entries where !entry.completion.isFinished { entry.task.cancel() }
  }

  /// How many entries the table holds, finished ones not yet pruned included.
  var count: Int { entries.count }

  /// How many effects have not finished yet.
  var runningCount: Int {
    entries.reduce(0) { $0 + ($1.completion.isFinished ? 0 : 1) }
  }

  /// The tasks of the effects that have not finished yet.
  var runningTasks: [Task<Void, Never>] {
    entries.filter { !$0.completion.isFinished }.map(\.task)
  }
}
