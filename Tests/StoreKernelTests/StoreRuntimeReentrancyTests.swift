import StoreKernel
import Testing

/// Runs `onDeinit` when released: stands for a user object whose deinit reaches back into the
/// store (sends to it, or observes it) while the runtime is dropping it.
private final class Tripwire: Sendable {
  let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

/// Where a tripwire's deinit finds the store.
@MainActor
private final class StoreSlot<State, Action: Sendable> {
  var store: Store<State, Action>?
}

private struct Log: Reducer {
  enum Action: Sendable {
    /// Builds a tripwire with this deinit and queues `.carry` with it through an effect, so the
    /// store's action queue holds the only reference to it.
    case start(@Sendable () -> Void)
    case carry(Tripwire)
    case fromDeinit
    case bump
  }

  func reduce(into log: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .start(let onDeinit):
      log.append("start")
      return .send(.carry(Tripwire(onDeinit: onDeinit)))
    case .carry:
      log.append("carry")
      return .none
    case .fromDeinit:
      log.append("fromDeinit")
      return .none
    case .bump:
      log.append("bump")
      return .none
    }
  }
}

/// The runtime skips exclusivity checks on its queue and observer list
/// (`@exclusivity(unchecked)`), which is sound only if no user code runs inside an access to
/// them. Dropping a queued action or a cancelled observer runs user deinits; these tests make
/// those deinits reach back into the store and check that it stays consistent.
@MainActor
@Suite struct StoreRuntimeReentrancyTests {
  @Test func anActionWhoseDeinitSendsIsHandledInTheSameSend() {
    let slot = StoreSlot<[String], Log.Action>()
    let store = Store(initialState: [], reducer: Log())
    slot.store = store

    store.send(
      .start {
        MainActor.assumeIsolated { _ = slot.store?.send(.fromDeinit) }
      })

    // The queue held the only reference to the tripwire; its deinit sent while the queue was
    // being emptied, and that action was handled before `send` returned.
    #expect(store.state == ["start", "carry", "fromDeinit"])
    store.send(.bump)
    #expect(store.state == ["start", "carry", "fromDeinit", "bump"])
  }

  @Test func aDroppedObserverWhoseDeinitObservesLeavesTheNewObserverWorking() {
    let slot = StoreSlot<[String], Log.Action>()
    let store = Store(initialState: [], reducer: Log())
    slot.store = store
    let seen = SeenCounts()
    // The observer's closure holds the only reference to the tripwire.
    var token: ObservationToken? = store.observe(\.count) {
      [
        wire = Tripwire {
          MainActor.assumeIsolated {
            seen.lateToken = slot.store?.observe(\.count) { seen.late.append($0) }
          }
        }
      ] count in
      _ = wire
      seen.early.append(count)
    }
    _ = token

    token = nil  // cancels; the runtime drops the observer on its next pass
    store.send(.bump)  // the pass drops it, which releases the tripwire
    store.send(.bump)

    #expect(seen.early == [0])
    #expect(seen.late == [1, 2])
    #expect(seen.lateToken != nil)
  }
}

/// The runtime also skips the dynamic exclusivity check on `state`, which the reducer holds in
/// place while it runs; the store's `state` getter traps instead while the reducer runs. These
/// tests check both sides: reading the store from inside its reducer still traps, and reading it
/// while the runtime is busy but no reducer runs (a deinit as the queue empties) does not.
@Suite struct StoreStateGuardTests {
  @Test func aReducerThatReadsItsOwnStoreTraps() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = Store(initialState: 0, reducer: ReadsItsOwnStore())
        OwnStore.root = store
        store.send(.readRoot)
      }
    }
  }

  @Test func aReducerThatReadsItsOwnStoreThroughAScopedStoreTraps() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = Store(initialState: 0, reducer: ReadsItsOwnStore())
        OwnStore.root = store
        OwnStore.child = store.scope(state: { $0 }, action: { $0 })
        store.send(.readChild)
      }
    }
  }

  @MainActor
  @Test func aDeinitThatReadsTheStateWhileTheQueueEmptiesDoesNotTrap() {
    let slot = StoreSlot<[String], Log.Action>()
    let store = Store(initialState: [], reducer: Log())
    slot.store = store
    let seen = SeenCounts()

    store.send(
      .start {
        MainActor.assumeIsolated { seen.early.append(slot.store?.state.count ?? -1) }
      })

    // The tripwire was dropped after `.carry` was handled, outside the reducer.
    #expect(seen.early == [2])
    #expect(store.state == ["start", "carry"])
  }
}

/// Where `ReadsItsOwnStore` finds its store.
@MainActor
private enum OwnStore {
  static var root: Store<Int, ReadsItsOwnStore.Action>?
  static var child: Store<Int, ReadsItsOwnStore.Action>?
}

/// A reducer that reads its own store while it runs: a programming error.
private struct ReadsItsOwnStore: Reducer {
  enum Action: Sendable {
    case readRoot
    case readChild
  }

  func reduce(into count: inout Int, action: Action) -> Effect<Action> {
    MainActor.assumeIsolated {
      switch action {
      case .readRoot: count += OwnStore.root?.state ?? 0
      case .readChild: count += OwnStore.child?.state ?? 0
      }
    }
    return .none
  }
}

@MainActor
private final class SeenCounts {
  var early: [Int] = []
  var late: [Int] = []
  var lateToken: ObservationToken?
}
