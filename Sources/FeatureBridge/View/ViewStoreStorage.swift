public import Observation
public import StoreKernel

/// What a view store's hot path touches: the store it lends to each send and read, and the
/// properties its views have read, compared after every batch of actions. The one place in
/// FeatureBridge that lends a reference without retaining it or skips the runtime's exclusivity
/// checks; ``ViewStore`` is a facade over it with ordinary strong references and checked access.
///
/// Why it is sound:
/// - **The lent store is alive whenever it is used.** `owner` holds it from `init` until the
///   feature's host ends the storage, or its view store goes, *and* no send through it is under
///   way (`sendsUnderWay`). A send or a read uses the lent store only before the end
///   (`hasEnded`), or, for a send that was under way at the end, until it returns; only the
///   view store sends and reads, and it cannot go during one of its own calls (its caller holds
///   it). The closures hold the store unretained: nothing else lets it go.
/// - **The lent reads are alive whenever a pass uses them.** Reads are only ever added, at the
///   head of a chain whose links (`Read.older`) never change, and the chain's head is held by
///   the storage; the store's observer, which runs the pass, holds the storage. An observer of
///   Observation that lets the view store go, or reads a new property, during the pass, changes
///   neither. Each read holds the subject Observation tracks it in (`TrackedReadSubject`, shared
///   by up to 16 reads), so the subject outlives every read of it.
/// - **No two accesses to an unchecked property overlap.** The storage is confined to its
///   feature's actor (it is not `Sendable`), and every access to its unchecked properties is one
///   read or one write that calls no other code: no access spans the store's send (during which
///   a stop may end the storage) or an Observation call (during which anything may run). The
///   read index's accesses (`index`, a find or an add) run only the standard library's array
///   and key path code.
///
/// What it buys: a keystroke retains and releases nothing on its way (each retain and release
/// avoided was 3 – 7 ns, docs/performance.md), and pays no dynamic exclusivity check
/// (docs/decisions/0011-kernel-hot-paths-close-to-the-limit.md §9,
/// docs/decisions/0016-view-store-safe-facade.md). Its tests are `ViewStoreStorageTests`.
///
/// Not `Sendable`: confined to the feature's actor.
@usableFromInline
final class ViewStoreStorage<State, ViewAction> {
  /// Owns the store until the storage has ended and no send is under way; only ever set to nil.
  @usableFromInline private(set) var owner: AnyObject?
  /// Send a view action, or a batch of them, to the lent store; read its state.
  @usableFromInline let lendSend: (ViewAction) -> Void
  @usableFromInline let lendSends: ([ViewAction]) -> Void
  @usableFromInline let lendState: () -> State
  /// Lends the store's state in place to a load of one stored property
  /// (`Store.withStateInPlace`).
  @usableFromInline let lendStateInPlace: ((UnsafeRawPointer) -> Void) -> Void
  /// How many sends through this storage are under way: a send can lead to another, and to the
  /// feature's stop, within it.
  @usableFromInline @exclusivity(unchecked) var sendsUnderWay = 0
  /// Whether the feature has stopped; `finalState` is its last state from then on.
  @usableFromInline @exclusivity(unchecked) private(set) var hasEnded = false
  @usableFromInline private(set) var finalState: State?
  /// Finds the read made for each property (the view store's reads).
  @usableFromInline @exclusivity(unchecked) var index = TrackedReadIndex<State, ViewAction>()
  /// The newest read; each links to the one made before it.
  @usableFromInline @exclusivity(unchecked) private(set) var newestRead: Read?
  /// The subject the next read is tracked in, and how many of its slots are taken: the reads
  /// of a view store share one registrar, a new one every `TrackedReadSubject.slots.count`.
  @usableFromInline private(set) var subject = TrackedReadSubject()
  @usableFromInline private(set) var slotsTaken = 0

  /// The storage of a view store over a running feature's store.
  ///
  /// - Parameter store: The store; owned until the storage ends.
  @inlinable
  init<Action: BoundaryAction>(_ store: Store<State, Action>)
  where Action.ViewAction == ViewAction {
    let lent = Unmanaged.passUnretained(store)
    owner = store
    lendSend = { action in _ = lent._withUnsafeGuaranteedRef { $0.send(.view(action)) } }
    lendSends = { actions in
      _ = lent._withUnsafeGuaranteedRef {
        $0.send(contentsOf: actions.lazy.map { Action.view($0) })
      }
    }
    lendState = { lent._withUnsafeGuaranteedRef { $0.state } }
    lendStateInPlace = { load in lent._withUnsafeGuaranteedRef { $0.withStateInPlace(load) } }
  }

  /// The storage of a view store of a stopped feature: it lends nothing; its state is
  /// `finalState`.
  @usableFromInline
  init(finalState: State) {
    owner = nil
    lendSend = { _ in }
    lendSends = { _ in }
    lendState = { preconditionFailure("An ended view store lent its store: a FeatureBridge bug.") }
    lendStateInPlace = { _ in
      preconditionFailure("An ended view store lent its store: a FeatureBridge bug.")
    }
    hasEnded = true
    self.finalState = finalState
  }

  /// The store's state while the feature runs, its last state once it has stopped.
  @inlinable
  var state: State {
    if !hasEnded { return lendState() }
    guard let finalState else {
      preconditionFailure("An ended view store has no final state: a FeatureBridge bug.")
    }
    return finalState
  }

  /// The property `reader` reads, from the store's state while the feature runs (in place when
  /// the property is stored: the rest of the state is not copied), from its last state once it
  /// has stopped.
  @inlinable
  func read<Value>(_ reader: KeyPathReader<State, Value>) -> Value {
    guard let offset = reader.offset, !hasEnded else { return reader.read(from: state) }
    var value: Value?
    lendStateInPlace { value = $0.load(fromByteOffset: offset, as: Value.self) }
    guard let value else { preconditionFailure("A view store's read lent no state.") }
    return value
  }

  /// Sends a view action to the store, unless the feature has stopped.
  @inlinable
  func send(_ action: ViewAction) {
    guard !hasEnded else { return }
    sendsUnderWay += 1
    lendSend(action)
    sendsUnderWay -= 1
    if hasEnded { letStoreGoIfIdle() }
  }

  /// Sends view actions to the store as one batch, unless the feature has stopped.
  @inlinable
  func send(contentsOf actions: [ViewAction]) {
    guard !hasEnded else { return }
    sendsUnderWay += 1
    lendSends(actions)
    sendsUnderWay -= 1
    if hasEnded { letStoreGoIfIdle() }
  }

  /// Ends the storage as the feature stops: sends do nothing and reads give `state` from now
  /// on; the store is let go now, or as the send under way returns.
  ///
  /// - Parameter state: The feature's last state.
  @usableFromInline
  func end(with state: State) {
    guard !hasEnded else { return }
    hasEnded = true
    finalState = state
    letStoreGoIfIdle()
  }

  @usableFromInline
  func letStoreGoIfIdle() {
    if sendsUnderWay == 0 { owner = nil }
  }

  /// Whether the view store over this storage has gone: nothing sends or reads through it any
  /// more (the store's observer may still pass it states until the store drops the observer).
  @usableFromInline private(set) var viewStoreIsGone = false

  /// Lets the store go as the view store goes: only the view store sends and reads through the
  /// storage, and its own calls have all returned by then.
  @usableFromInline
  func viewStoreDidGo() {
    viewStoreIsGone = true
    letStoreGoIfIdle()
  }

  /// Adds a read at the head of the chain: compared from the next pass on.
  @usableFromInline
  func add(_ read: Read) {
    newestRead = read
  }

  /// Where the next read is tracked: the shared subject and a slot of it no other read has.
  @usableFromInline
  func nextSlot() -> (subject: TrackedReadSubject, key: KeyPath<TrackedReadSubject, Int>) {
    if slotsTaken == TrackedReadSubject.slots.count {
      subject = TrackedReadSubject()
      slotsTaken = 0
    }
    defer { slotsTaken += 1 }
    return (subject, TrackedReadSubject.slots[slotsTaken])
  }

  /// Compares every read with `state`, telling Observation about those that changed. Returns
  /// whether any changed.
  @inlinable
  func stateDidChange(_ state: State) -> Bool {
    // One property at a time, as if each were set in turn: no list of changes to allocate.
    var changedAny = false
    var next = newestRead.map { Unmanaged.passUnretained($0) }
    while let lent = next {
      next = lent._withUnsafeGuaranteedRef { read in
        if read.takeIfChanged(read, state) {
          changedAny = true
          // Observation's tracking is one-shot: a change ends every tracking that registered
          // the property, and only a new read registers it again. Until then nobody can be
          // told, so the registrar (tens of nanoseconds per change, observed or not) is
          // skipped: a burst of keys between two frames tells Observation once.
          if read.mayBeObserved {
            read.mayBeObserved = false
            read.subject.registrar.willSet(read.subject, keyPath: read.observationKey)
            read.subject.registrar.didSet(read.subject, keyPath: read.observationKey)
          }
        }
        return read.older.map { Unmanaged.passUnretained($0) }
      }
    }
    return changedAny
  }

  /// A property of the state that a view has read: what Observation tracks it by, and how a
  /// pass finds out whether it changed.
  ///
  /// Observation tracks it as one stored property of a subject shared with the view store's
  /// other reads (`TrackedReadSubject`): a view that reads ten properties registers with one
  /// registrar, installs its tracking once and is cancelled once, as a view over one
  /// `@Observable` model is. Each slot is a key path with one stored component: Observation
  /// hashes a tracked property's key path several times per change (when a view reads it, when
  /// its tracking is installed, told and cancelled), and such a key path hashes in a few
  /// nanoseconds, where a subscript key path carrying the state's key path took tens
  /// (docs/performance.md).
  @usableFromInline
  class Read {
    /// Whether `state` holds another value than the read passed in (this one) last saw; if so,
    /// records it. Formed where the property's type is known, so it runs specialized; it
    /// captures nothing (the read is passed in, and cast back with a checked cast).
    @usableFromInline final let takeIfChanged: (Read, State) -> Bool
    /// The key path read; the read keeps it, so its identity is not reused while the read lives.
    @usableFromInline final let keyPath: AnyKeyPath
    /// The subject Observation tracks this read in, and the read's slot in it.
    @usableFromInline final let subject: TrackedReadSubject
    @usableFromInline final let observationKey: KeyPath<TrackedReadSubject, Int>
    /// The read made before this one; never changes.
    @usableFromInline final let older: Read?
    /// Whether a view read the property since Observation was last told it changed: tracking
    /// is one-shot, and only a read can register an observer.
    @usableFromInline @exclusivity(unchecked) final var mayBeObserved = false

    @usableFromInline
    init(
      keyPath: AnyKeyPath, in storage: ViewStoreStorage,
      takeIfChanged: @escaping (Read, State) -> Bool
    ) {
      self.keyPath = keyPath
      older = storage.newestRead
      (subject, observationKey) = storage.nextSlot()
      self.takeIfChanged = takeIfChanged
    }

    /// Registers a view's read with Observation: inside `withObservationTracking`, the tracking
    /// hears the property's next change.
    @inlinable
    final func registerAccess() {
      mayBeObserved = true
      subject.registrar.access(subject, keyPath: observationKey)
    }
  }

  /// A read of an `Equatable` property: keeps the value last seen, and compares.
  @usableFromInline
  final class ValueRead<Value: Equatable>: Read {
    /// Reads the property, in place when it is stored (no run-time key path projection).
    @usableFromInline let reader: KeyPathReader<State, Value>
    @usableFromInline @exclusivity(unchecked) var value: Value

    @inlinable
    init(_ keyPath: KeyPath<State, Value>, in state: State, storage: ViewStoreStorage) {
      let reader = KeyPathReader(keyPath)
      self.reader = reader
      value = reader.read(from: state)
      super.init(keyPath: keyPath, in: storage) { read, state in
        (read as! ValueRead<Value>).take(ifChangedIn: state)
      }
    }

    @inlinable
    func take(ifChangedIn state: State) -> Bool {
      let current = reader.read(from: state)
      // Copied out before the comparison, which is the property type's own code.
      let last = value
      guard current != last else { return false }
      value = current
      return true
    }
  }

  /// A read of a ``Stamped`` property: keeps its stamp, never its value, so a large value is
  /// neither compared nor kept alive (which would make its next change in place copy it).
  @usableFromInline
  final class StampRead<Value>: Read {
    @usableFromInline let reader: KeyPathReader<State, Stamped<Value>>
    @usableFromInline @exclusivity(unchecked) var stamp: Stamped<Value>.Stamp

    @inlinable
    init(_ keyPath: KeyPath<State, Stamped<Value>>, in state: State, storage: ViewStoreStorage) {
      let reader = KeyPathReader(keyPath)
      self.reader = reader
      stamp = reader.read(from: state).stamp
      super.init(keyPath: keyPath, in: storage) { read, state in
        (read as! StampRead<Value>).take(ifChangedIn: state)
      }
    }

    @inlinable
    func take(ifChangedIn state: State) -> Bool {
      let current = reader.read(from: state).stamp
      guard current != stamp else { return false }
      stamp = current
      return true
    }
  }

  /// Whether the storage still owns its store (tests check that it lets it go).
  var ownsStore: Bool { owner != nil }
}

/// What Observation tracks a view store's reads in: one registrar, and a stored property (a
/// slot) for each of up to 16 reads. A view store makes another once these are taken.
///
/// Not `Sendable`: confined to its view store's actor.
@usableFromInline
final class TrackedReadSubject: Observable {
  @usableFromInline let registrar = ObservationRegistrar()
  // The slots hold nothing; Observation tracks their key paths.
  @usableFromInline let slot0 = 0, slot1 = 0, slot2 = 0, slot3 = 0, slot4 = 0, slot5 = 0
  @usableFromInline let slot6 = 0, slot7 = 0, slot8 = 0, slot9 = 0, slot10 = 0, slot11 = 0
  @usableFromInline let slot12 = 0, slot13 = 0, slot14 = 0, slot15 = 0

  @usableFromInline
  init() {}

  /// The slots' key paths, made once (each is one stored component).
  @usableFromInline static let slots: [any KeyPath<TrackedReadSubject, Int> & Sendable] = [
    \.slot0, \.slot1, \.slot2, \.slot3, \.slot4, \.slot5, \.slot6, \.slot7, \.slot8, \.slot9,
    \.slot10, \.slot11, \.slot12, \.slot13, \.slot14, \.slot15,
  ]
}
