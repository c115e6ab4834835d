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
      let child = try await trapInChild(
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

  /// On an actor of its own, the store asks `preconditionIsolated`, the public check: a read
  /// from another actor's task traps, in the runtime's words, which name the store's actor.
  /// (Only the runtime's private question could answer without trapping, so that the store
  /// would trap in its own words; docs/performance.md, "The isolation check on public API".)
  @Test func aReadFromAnotherActorTrapsNamingTheStoresActor() async throws {
    guard
      let child = try await trapInChild(
        "otherActorRead", suite: "StoreMisuseTests",
        test: "aReadFromAnotherActorTrapsNamingTheStoresActor")
    else {
      let owner = Owner()
      let escaped = await owner.makeStore()
      await Plain().read(escaped)
      _ = await owner.makeStore()  // the owner lives until after the read
      return
    }
    #expect(child.signaled)
    #expect(child.printed.contains("Owner"))
  }

  /// The same from a thread outside any task.
  @Test func aReadOffAnyTaskOfAnActorsStoreTrapsNamingTheStoresActor() async throws {
    guard
      let child = try await trapInChild(
        "offPlainActorRead", suite: "StoreMisuseTests",
        test: "aReadOffAnyTaskOfAnActorsStoreTrapsNamingTheStoresActor")
    else {
      await Plain().readOffItself()
      return
    }
    #expect(child.signaled)
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
  /// Reads a store confined to another actor.
  func read(_ escaped: Escaped) {
    _ = escaped.store.state
  }

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
      let child = try await trapInChild(
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

extension StoreMisuseTests {
  /// A store that escaped its actor (possible only by opting out of checking) and is used
  /// after the actor is gone.
  @Test func aStoreUsedAfterItsActorIsReleasedTrapsNamingTheMisuse() async throws {
    guard
      let child = try await trapInChild(
        "actorReleased", suite: "StoreMisuseTests",
        test: "aStoreUsedAfterItsActorIsReleasedTrapsNamingTheMisuse")
    else {
      let escaped = await Owner().makeStore()
      // The actor was a temporary: nothing holds it now (a store holds its actor weakly).
      _ = escaped.store.isolation
      return
    }
    #expect(child.signaled)
    #expect(child.printed.contains("A store was used after the actor it is confined to was"))
    #expect(child.printed.contains("docs/decisions/0001-store-isolation.md"))
  }
}

/// An actor that makes a store and lets it out.
private actor Owner {
  func makeStore() -> Escaped {
    Escaped(store: Store(initialState: 0, reducer: Counting(readOwnStore: {})))
  }
}

/// A store out of its actor.
private struct Escaped: @unchecked Sendable {
  // SAFETY: none; this is the misuse under test, possible only by opting out of checking.
  let store: Store<Int, Bool>
}
