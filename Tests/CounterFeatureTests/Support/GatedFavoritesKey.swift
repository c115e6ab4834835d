import MultiStorePrimitives
import StoreKernel

/// What the favorites' storage and the counter's storage did, in order, for a test of the
/// order of their writes.
final class StorageEvents: Sendable {
  private struct State {
    var events: [String] = []
    var waiters: [(String, CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedValue(State())

  /// Everything recorded, in order.
  var events: [String] { state.withLock { $0.events } }

  func record(_ event: String) {
    let woken = state.withLock { state in
      state.events.append(event)
      let woken = state.waiters.filter { $0.0 == event }.map(\.1)
      state.waiters.removeAll { $0.0 == event }
      return woken
    }
    for waiter in woken { waiter.resume() }
  }

  /// Waits until `event` has been recorded (at once if it has).
  func waitFor(_ event: String) async {
    await withCheckedContinuation { continuation in
      let recorded = state.withLock { state in
        if !state.events.contains(event) { state.waiters.append((event, continuation)) }
        return state.events.contains(event)
      }
      if recorded { continuation.resume() }
    }
  }
}

/// Holds whoever waits until the test opens it; open for good after that.
final class Gate: Sendable {
  private let state = LockedValue<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }
}

/// Favorites kept by a fake storage that loads `kept` only when someone first waits for the
/// load, changes the value or saves it: a change made before anyone waited wins over what was
/// kept (the rule of every key's storage), so code that changes the favorites without waiting
/// for their load loses the kept ones every time, not only when it wins a race. Its saves
/// wait for `saves` to open, so a test can see what happens while one is under way.
struct GatedFavoritesKey: SharedKey {
  let kept: Set<Int>
  let events: StorageEvents
  let saves: Gate

  var id: String { "gated-favorites" }

  func makeStorage(for context: SharedKeyContext<Set<Int>>) -> (any SharedKeyStorage<Set<Int>>)? {
    GatedFavoritesStorage(kept: kept, context: context, events: events, saves: saves)
  }
}

/// The storage of ``GatedFavoritesKey``: records each save as it begins and, once `saves` is
/// open, as it ends (`favorites saved [1, 2]`).
///
/// `Sendable`: its one mutable flag is behind a lock.
final class GatedFavoritesStorage: SharedKeyStorage, Sendable {
  private let kept: Set<Int>
  private let context: SharedKeyContext<Set<Int>>
  private let events: StorageEvents
  private let saves: Gate
  private let isLoaded = LockedValue(false)

  init(
    kept: Set<Int>, context: SharedKeyContext<Set<Int>>, events: StorageEvents, saves: Gate
  ) {
    self.kept = kept
    self.context = context
    self.events = events
    self.saves = saves
  }

  func valueDidChange(_ value: Set<Int>, version: Int) { loadOnce() }

  func loaded() async { loadOnce() }

  func save() async {
    loadOnce()
    events.record("favorites save began")
    await saves.wait()
    events.record("favorites saved \((context.value ?? []).sorted())")
  }

  var loadError: (any Error)? { nil }
  var saveError: (any Error)? { nil }

  private func loadOnce() {
    let first = isLoaded.withLock { isLoaded in
      defer { isLoaded = true }
      return !isLoaded
    }
    // Refused when the value changed before: that change wins.
    if first { context.replaceWithLoaded(kept) }
  }
}
