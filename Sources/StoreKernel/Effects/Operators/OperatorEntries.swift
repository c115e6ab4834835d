/// What an operator keeps per id in one store (a throttle's windows, a bounded debounce's
/// bursts), with a counter for telling the timers it arms apart. Entries that are done are
/// forgotten in amortized O(1) as new ids arrive, so ids used once (scoped to a removed row,
/// say) do not pile up. Confined to the store's actor.
final class OperatorEntries<Entry: AnyObject> {
  private var entries: [EffectID: Entry] = [:]
  private var pruneThreshold = 32
  private var generations = 0
  /// Whether an entry may be forgotten: the next use of its id would begin afresh anyway.
  private let isDone: (Entry) -> Bool

  /// An empty table that forgets the entries for which `isDone` is true.
  init(forgetting isDone: @escaping (Entry) -> Bool) {
    self.isDone = isDone
  }

  subscript(id: EffectID) -> Entry? { entries[id] }

  /// Keeps `entry` for `id`, in place of the one it had. A new id first forgets the entries
  /// that are done, once the table has doubled since it last did.
  func set(_ entry: Entry, for id: EffectID) {
    if entries[id] == nil, entries.count >= pruneThreshold {
      entries = entries.filter { !isDone($0.value) }
      pruneThreshold = Swift.max(32, entries.count * 2)
    }
    entries[id] = entry
  }

  /// Forgets `id`'s entry; returns it.
  @discardableResult
  func remove(_ id: EffectID) -> Entry? {
    entries.removeValue(forKey: id)
  }

  /// A number no earlier call returned: which hold or burst a timer was armed for.
  func nextGeneration() -> Int {
    generations &+= 1
    return generations
  }

  /// How many entries are kept, those done but not yet forgotten included.
  var count: Int { entries.count }
}
