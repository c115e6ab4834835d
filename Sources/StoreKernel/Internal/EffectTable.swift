/// The running effects of one runtime, by insertion order, with the ids they were marked with,
/// and the lifetimes attached to ids (``EffectRuntime/attach(ids:onCancel:)``): what ends when
/// one of its ids is cancelled, without being a task.
///
/// Finished entries are pruned in amortized O(1) on insert (each task flags its own completion),
/// so no hop back to the store is needed when an effect ends and memory stays bounded.
@usableFromInline
struct EffectTable {
  private struct Entry {
    let task: Task<Void, Never>?
    let completion: EffectCompletion
    let ids: [EffectID]
    /// For an attached lifetime: what to call when it is cancelled (once).
    let onCancel: ((EffectCancellation) -> Void)?
  }

  private var entries: [Entry] = []
  private var pruneThreshold = 32

  init() {}

  @usableFromInline
  mutating func insert(task: Task<Void, Never>, completion: EffectCompletion, ids: [EffectID]) {
    append(Entry(task: task, completion: completion, ids: ids, onCancel: nil))
  }

  /// Attaches `onCancel` to `ids`; `completion` marks it ended (then it is dropped).
  mutating func attach(
    ids: [EffectID], completion: EffectCompletion,
    onCancel: @escaping (EffectCancellation) -> Void
  ) {
    append(Entry(task: nil, completion: completion, ids: ids, onCancel: onCancel))
  }

  private mutating func append(_ entry: Entry) {
    if entries.count >= pruneThreshold {
      entries.removeAll { $0.completion.isFinished }
      pruneThreshold = Swift.max(32, entries.count * 2)
    }
    entries.append(entry)
  }

  /// Cancels what is marked with `id`; returns the attached lifetimes to end, for the caller to
  /// call once it no longer accesses the table (they run user code).
  func cancel(id: EffectID) -> [(EffectCancellation) -> Void] {
    var ended: [(EffectCancellation) -> Void] = []
    for entry in entries where !entry.completion.isFinished && entry.ids.contains(id) {
      end(entry, into: &ended)
    }
    return ended
  }

  /// Cancels everything; returns the attached lifetimes to end, as `cancel(id:)` does.
  func cancelAll() -> [(EffectCancellation) -> Void] {
    var ended: [(EffectCancellation) -> Void] = []
    for entry in entries where !entry.completion.isFinished { end(entry, into: &ended) }
    return ended
  }

  private func end(_ entry: Entry, into ended: inout [(EffectCancellation) -> Void]) {
    if let task = entry.task {
      task.cancel()
    } else if let onCancel = entry.onCancel {
      entry.completion.markFinished()
      ended.append(onCancel)
    }
  }

  /// How many entries the table holds, finished ones and attached lifetimes included.
  var count: Int { entries.count }

  /// How many effects (tasks) have not finished yet.
  var runningCount: Int {
    entries.reduce(0) { $0 + ($1.task != nil && !$1.completion.isFinished ? 1 : 0) }
  }

  /// The tasks of the effects that have not finished yet.
  var runningTasks: [Task<Void, Never>] {
    entries.compactMap { $0.completion.isFinished ? nil : $0.task }
  }
}
