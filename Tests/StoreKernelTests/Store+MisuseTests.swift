import Dispatch
import StoreKernel
import Testing

private struct Counting: Reducer {
  /// Reads the store it runs in: the misuse of a reducer reading its own store.
  let readOwnStore: @Sendable () -> Void

  func reduce(into count: inout Int, action: Bool) -> Effect<Bool> {
    if action { readOwnStore() }
    count += 1
    return .none
  }
}

/// The traps the runtime keeps on purpose name the misuse and where to read about it. Each
/// runs in a child process (a trap ends the process).
@Suite struct StoreMisuseTests {
  @Test func aReadOffTheStoresActorTrapsNamingTheMisuse() async throws {
    guard
      let child = try trapInChild(
        "offActorRead", suite: "StoreMisuseTests",
        test: "aReadOffTheStoresActorTrapsNamingTheMisuse")
    else {
      await readOffTheActor()
      return
    }
    #expect(child.signaled)
    #expect(child.printed.contains("A store's state was read off the actor the store is confined"))
    #expect(child.printed.contains("docs/decisions/0001-store-isolation.md"))
  }

  /// On an actor of its own, the runtime's check traps, naming the actor.
  @Test func aReadOffAnotherActorTrapsNamingIt() async throws {
    guard
      let child = try trapInChild(
        "offPlainActorRead", suite: "StoreMisuseTests", test: "aReadOffAnotherActorTrapsNamingIt")
    else {
      await Plain().readOffItself()
      return
    }
    #expect(child.signaled)
    #expect(child.printed.contains("Incorrect actor executor assumption; expected"))
    #expect(child.printed.contains("Plain"))
  }

  @MainActor private func readOffTheActor() {
    // SAFETY: none; this is the misuse under test, possible only by opting out of checking.
    nonisolated(unsafe) let store = Store(initialState: 0, reducer: Counting(readOwnStore: {}))
    // Another thread (`sync` on a global queue may run the block on this very thread).
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = store.state
      done.signal()
    }
    done.wait()
  }
}

/// An actor of its own, for a read off it.
private actor Plain {
  func readOffItself() {
    // SAFETY: none; this is the misuse under test, possible only by opting out of checking.
    nonisolated(unsafe) let store = Store(initialState: 0, reducer: Counting(readOwnStore: {}))
    // Another thread (`sync` on a global queue may run the block on this very thread).
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = store.state
      done.signal()
    }
    done.wait()
  }
}

extension StoreMisuseTests {
  @Test func aReducerReadingItsOwnStoreTrapsNamingTheMisuse() async throws {
    guard
      let child = try trapInChild(
        "reducerReadsStore", suite: "StoreMisuseTests",
        test: "aReducerReadingItsOwnStoreTrapsNamingTheMisuse")
    else {
      await readFromTheReducer()
      return
    }
    #expect(child.signaled)
    #expect(child.printed.contains("A store's state was read while its reducer was running"))
    #expect(child.printed.contains("docs/decisions/0001-store-isolation.md"))
  }

  @MainActor private func readFromTheReducer() {
    let holder = Holder()
    let store = Store(
      initialState: 0,
      reducer: Counting(readOwnStore: { MainActor.assumeIsolated { _ = holder.store?.state } }))
    holder.store = store
    store.send(true)
  }
}

@MainActor private final class Holder {
  var store: Store<Int, Bool>?
}
