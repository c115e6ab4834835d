/// What a stack's `forEach` knows about the elements whose effects may be running: the ids it
/// mounted when it last reconciled the stack, and a journal of the ids added and removed since.
///
/// The `forEach` must cancel the effects of every element that leaves the stack, however it
/// leaves (a pop, `removeAll`, the whole stack replaced). Comparing the ids before and after
/// each action would cost O(n) on every push and pop: holding the ids from before makes the
/// parent's push copy them. Instead every mutation of a ``StackState`` writes down the ids it
/// removes, and the `forEach` reads that journal, O(1) per change:
///
/// - `mark` names the reconcile a value descends from. Every new stack gets a mark no other
///   value has, and the `forEach` gives the stack a new one each time it reconciles it; copies
///   keep theirs. So after the parent ran, the same mark as before means the stack is the one
///   from before, changed only through its own methods, and its journal is complete.
/// - Any other mark means the parent put another stack there (a new one, or an old copy): the
///   `forEach` then compares the ids mounted before (which it kept, and which the parent does
///   not write) with the ids now there, O(n).
///
/// Not part of the stack's value: equality, hashing, coding and reflection leave it out.
///
/// The recording methods are inlinable: a push or a pop of a stack runs specialized in the
/// client's module.
@usableFromInline
struct StackMounts: Sendable {
  /// The reconcile this value descends from; unique to a new stack until reconciled.
  @usableFromInline var mark = UniqueNumber.next()
  /// The ids mounted at the last reconcile.
  @usableFromInline var mounted: Set<StackElementID> = []
  /// Ids removed since the last reconcile (some may be back, or were never mounted).
  @usableFromInline var removed: [StackElementID] = []
  /// Ids added since the last reconcile.
  @usableFromInline var added: [StackElementID] = []
  /// Whether more changed since the last reconcile than the journal keeps.
  @usableFromInline var overflowed = false

  /// The most ids the journal keeps before it gives up and asks for a full comparison (a stack
  /// built up outside any store need not keep a journal of its whole history).
  @usableFromInline static var journalLimit: Int { 64 }

  @usableFromInline
  init() {}

  @inlinable
  mutating func recordRemoval(of id: StackElementID) {
    guard !overflowed else { return }
    removed.append(id)
    if removed.count > Self.journalLimit { overflow() }
  }

  mutating func recordRemovals(of ids: some Collection<StackElementID>) {
    guard !overflowed, !ids.isEmpty else { return }
    if removed.count + ids.count > Self.journalLimit { return overflow() }
    removed.append(contentsOf: ids)
  }

  @inlinable
  mutating func recordAddition(of id: StackElementID) {
    guard !overflowed else { return }
    added.append(id)
    if added.count > Self.journalLimit { overflow() }
  }

  /// Whether `id` left the stack since the last reconcile (as far as the journal tells).
  @inlinable
  func justRemoved(_ id: StackElementID) -> Bool {
    !removed.isEmpty && removed.contains(id)
  }

  @usableFromInline
  mutating func overflow() {
    overflowed = true
    removed = []
    added = []
  }

  /// What a `forEach` keeps while its parent runs.
  struct Snapshot {
    let mark: UInt64
    /// Kept for a full comparison; dropped before the mounts change, so that they change in
    /// place.
    var mounted: Set<StackElementID>?
  }

  var snapshot: Snapshot { Snapshot(mark: mark, mounted: mounted) }

  /// Reconciles the mounts with `ids` (the stack now; `contains` answers for it in O(1)) and
  /// returns the ids that left the stack since `snapshot`, and those that arrived (mounted now
  /// and not before), in the order they were added.
  ///
  /// - Parameters:
  ///   - snapshot: What the `forEach` kept before the parent ran.
  ///   - extra: An id whose element may have started effects since the last reconcile without
  ///     being mounted (the element the `forEach` ran this time).
  ///   - ids: The ids in the stack now.
  ///   - contains: Whether an id is in the stack now.
  mutating func reconcile(
    after snapshot: inout Snapshot, extra: StackElementID?, ids: [StackElementID],
    contains: (StackElementID) -> Bool
  ) -> (gone: [StackElementID], arrived: [StackElementID]) {
    var gone: [StackElementID] = []
    var arrived: [StackElementID] = []
    if snapshot.mark == mark, !overflowed {
      snapshot.mounted = nil
      let extraIsNew = extra.map { contains($0) && !mounted.contains($0) } ?? false
      guard !removed.isEmpty || !added.isEmpty || extraIsNew else {
        return (extra.map { contains($0) ? [] : [$0] } ?? [], [])
      }
      for id in removed where !contains(id) && !gone.contains(id) {
        gone.append(id)
        mounted.remove(id)
      }
      for id in added where contains(id) && mounted.insert(id).inserted { arrived.append(id) }
      if let extra, extraIsNew, mounted.insert(extra).inserted { arrived.append(extra) }
    } else {
      var before = snapshot.mounted ?? []
      snapshot.mounted = nil
      if let extra { before.insert(extra) }
      gone = before.filter { !contains($0) }
      arrived = ids.filter { !before.contains($0) }
      mounted = Set(ids)
    }
    if let extra, !contains(extra), !gone.contains(extra) { gone.append(extra) }
    mark = UniqueNumber.next()
    // Keep the journal's storage: the next push or pop writes to it again.
    removed.removeAll(keepingCapacity: true)
    added.removeAll(keepingCapacity: true)
    overflowed = false
    return (gone, arrived)
  }
}

extension StackState {
  /// What the stack's `forEach` keeps while its parent runs.
  var mountSnapshot: StackMounts.Snapshot { mounts.snapshot }

  /// Reconciles the `forEach`'s mounts with the elements now in the stack.
  ///
  /// - Parameters:
  ///   - snapshot: What the `forEach` kept before the parent ran.
  ///   - extra: The element the `forEach` ran this time, if any.
  /// - Returns: The ids of the elements that left the stack (their effects must be cancelled)
  ///   and of those that arrived since the last reconcile.
  mutating func reconcileMounts(
    after snapshot: inout StackMounts.Snapshot, extra: StackElementID?
  ) -> (gone: [StackElementID], arrived: [StackElementID]) {
    let storage = self.storage
    return mounts.reconcile(
      after: &snapshot, extra: extra, ids: storage.ids, contains: { storage.index(of: $0) != nil })
  }
}
