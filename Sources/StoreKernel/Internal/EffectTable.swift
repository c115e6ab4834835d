/// The running effects of one runtime, by insertion order, with the ids they were marked with,
/// and the lifetimes attached to ids (``EffectRuntime/attach(ids:onCancel:)``): what ends when
/// one of its ids is cancelled, without being a task.
///
/// Finished entries are pruned in amortized O(1) on insert (each task flags its own completion),
/// so no hop back to the store is needed when an effect ends and memory stays bounded. The
/// entries are indexed by id, so cancelling one id costs what it reaches, not what runs: a
/// stack of 1,000 presented features pops one as fast as a stack of 10.
@usableFromInline
struct EffectTable {
  private struct Entry {
    let task: Task<Void, Never>?
    let completion: EffectCompletion
    let ids: [EffectID]
    /// For an attached lifetime: what to call when it is cancelled (once).
    let onCancel: ((EffectCancellation) -> Void)?
  }

  /// Where the entries marked with one id are in `entries`, in insertion order: one position
  /// (an id's usual case, kept without an array) or several.
  private enum Positions {
    case one(Int)
    case many([Int])
  }

  private var entries: [Entry] = []
  /// The positions of the entries marked with each id, rebuilt when finished entries are pruned.
  /// A cancelled id's positions are dropped: what they reached is cancelled already.
  private var positions: [EffectID: Positions] = [:]
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
      positions.removeAll(keepingCapacity: true)
      for (position, kept) in entries.enumerated() { index(kept.ids, at: position) }
    }
    index(entry.ids, at: entries.count)
    entries.append(entry)
  }

  private mutating func index(_ ids: [EffectID], at position: Int) {
    for id in ids {
      switch positions[id] {
      case nil: positions[id] = .one(position)
      case .one(let first): positions[id] = .many([first, position])
      case .many(var all):
        positions[id] = nil
        all.append(position)
        positions[id] = .many(all)
      }
    }
  }

  /// Cancels what is marked with `id`; returns the attached lifetimes to end, for the caller to
  /// call once it no longer accesses the table (they run user code).
  mutating func cancel(id: EffectID) -> [(EffectCancellation) -> Void] {
    var ended: [(EffectCancellation) -> Void] = []
    switch positions.removeValue(forKey: id) {
    case nil: break
    case .one(let position): end(entries[position], into: &ended)
    case .many(let all): for position in all { end(entries[position], into: &ended) }
    }
    return ended
  }

  /// Cancels everything; returns the attached lifetimes to end, as `cancel(id:)` does.
  mutating func cancelAll() -> [(EffectCancellation) -> Void] {
    var ended: [(EffectCancellation) -> Void] = []
    for entry in entries { end(entry, into: &ended) }
    positions.removeAll(keepingCapacity: true)
    return ended
  }

  private func end(_ entry: Entry, into ended: inout [(EffectCancellation) -> Void]) {
    if entry.completion.isFinished { return }
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
