import Dispatch
import StoreKernel
import Testing

@Suite(.timeLimit(.minutes(10))) struct SharedTests {
  @Test func aSubscriberGetsTheCurrentValueFirstThenEveryChange() async {
    let shared = Shared(value: 10)
    let values = shared.values()

    shared.withLock { $0 = 11 }
    shared.withLock { $0 += 1 }
    shared.withLock { $0 = 12 }

    var seen: [Int] = []
    for await value in values {
      seen.append(value)
      if seen.count == 4 { break }
    }
    #expect(seen == [10, 11, 12, 12])
    #expect(shared.wrappedValue == 12)
  }

  @Test func updateReturnsWhatTheChangeReturns() {
    let shared = Shared<[String]>(value: [])

    let count = shared.withLock { names in
      names.append("a")
      return names.count
    }

    #expect(count == 1)
    #expect(shared.wrappedValue == ["a"])
  }

  @Test func concurrentWritersNeverLoseAnUpdateAndSubscribersSeeEveryValueInOrder() async throws {
    // Many hops through the concurrency pool: alone in a process of its own, so that it
    // holds none of the threads the tests running beside it need.
    if try await ranAlone(
      suite: "SharedTests",
      test: "concurrentWritersNeverLoseAnUpdateAndSubscribersSeeEveryValueInOrder")
    {
      return
    }
    let writers = 8
    let updatesPerWriter = 10_000
    let total = writers * updatesPerWriter
    let shared = Shared(value: 0)
    let values = shared.values()

    await withTaskGroup { group in
      for _ in 0..<writers {
        group.addTask {
          for _ in 0..<updatesPerWriter { shared.withLock { $0 += 1 } }
        }
      }
    }

    #expect(shared.wrappedValue == total)
    // Every update published once, so the subscription holds exactly the initial value plus
    // one value per update.
    var seen: [Int] = []
    seen.reserveCapacity(total + 1)
    for await value in values {
      seen.append(value)
      if seen.count == total + 1 { break }
    }
    #expect(seen.first == 0)
    #expect(seen.last == total)
    // Each value is one more than the one before: increasing, none missing, none repeated.
    let outOfStep = zip(seen, seen.dropFirst()).filter { previous, next in next != previous + 1 }
    #expect(outOfStep.isEmpty, "\(outOfStep.prefix(5))")
  }

  @Test func droppingAnUnfinishedStreamRemovesTheSubscription() async {
    let shared = Shared(value: 0)
    do {
      let values = shared.values()
      #expect(shared.subscriberCount == 1)
      for await value in values where value == 0 { break }
    }

    #expect(shared.subscriberCount == 0)
  }
}

private struct Pair: Equatable, Sendable {
  var first = 0
  var second = 0
}

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

@Suite(.timeLimit(.minutes(10))) struct SharedDerivedTests {
  @Test func aSharedPropertyWritesThroughToItsSource() {
    let pair = Shared(value: Pair())
    let first = pair.first

    first.withLock { $0 = 5 }

    #expect(pair.wrappedValue == Pair(first: 5, second: 0))
    #expect(first.wrappedValue == 5)
    pair.withLock { $0.first = 7 }
    #expect(first.wrappedValue == 7)
  }

  @Test func aSharedElementWritesThroughToItsCollection() throws {
    let rows = Shared(value: [Row(id: 1, title: "a"), Row(id: 2, title: "b")])
    let second = try #require(rows[id: 2])

    second.withLock { $0.title = "B" }

    #expect(rows.wrappedValue == [Row(id: 1, title: "a"), Row(id: 2, title: "B")])
    #expect(rows[id: 3] == nil)
  }

  @Test func aSharedElementOfAnIdentifiedArrayWritesThroughToIt() throws {
    let rows = Shared(
      value: IdentifiedArrayOf<Row>([Row(id: 1, title: "a"), Row(id: 2, title: "b")]))
    let second = try #require(rows[id: 2])

    second.withLock { $0.title = "B" }

    #expect(rows.wrappedValue[id: 2]?.title == "B")
    #expect(rows.wrappedValue.ids == [1, 2])
    #expect(rows[id: 3] == nil)
  }

  @Test func aRemovedElementReadsAsLastSeenAndItsWritesChangeNothing() throws {
    let rows = Shared(value: [Row(id: 1, title: "a")])
    let first = try #require(rows[id: 1])

    rows.withLock { $0.removeAll() }
    first.withLock { $0.title = "changed" }

    #expect(first.wrappedValue == Row(id: 1, title: "a"))
    #expect(rows.wrappedValue.isEmpty)
  }

  @Test func aDerivedValueStreamsTheProjectionOfEveryChange() async {
    let pair = Shared(value: Pair())
    let values = pair.second.values()

    pair.withLock { $0.second = 1 }
    pair.second.withLock { $0 = 2 }

    var seen: [Int] = []
    for await value in values {
      seen.append(value)
      if seen.count == 3 { break }
    }
    #expect(seen == [0, 1, 2])
  }

  @Test func sixteenConcurrentWritersLoseNoUpdateAndTheStreamEndsOnTheFinalValue() async {
    let writers = 16
    let updatesPerWriter = 2_000
    let shared = Shared(value: 0)
    let values = shared.values()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<writers {
        group.addTask {
          for _ in 0..<updatesPerWriter { shared.withLock { $0 += 1 } }
        }
      }
    }
    let total = writers * updatesPerWriter
    #expect(shared.wrappedValue == total)
    var last = -1
    for await value in values {
      last = value
      if value == total { break }
    }
    #expect(last == total)
  }
}

@Suite(.timeLimit(.minutes(10))) struct SharedUnderMisuseTests {
  /// Issue 28: a writer updating flat out while subscriptions are cancelled used to hang: the
  /// update yielded to subscribers under the value's lock, and cancelling a subscriber took that
  /// lock from inside the stream's own.
  @Test func cancellingSubscriptionsWhileAWriterUpdatesFlatOutNeverHangs() async throws {
    // Many hops through the concurrency pool: alone in a process of its own, so that it
    // holds none of the threads the tests running beside it need.
    if try await ranAlone(
      suite: "SharedUnderMisuseTests",
      test: "cancellingSubscriptionsWhileAWriterUpdatesFlatOutNeverHangs")
    {
      return
    }
    let shared = Shared(value: 0)
    let stop = Shared(value: false)
    let writes = Shared(value: 0)
    let (writerEnded, ended) = AsyncStream.makeStream(of: Void.self)
    // A thread of its own, outside the concurrency pool the subscribers' tasks need.
    DispatchQueue(label: "flat-out writer").async {
      while !stop.wrappedValue {
        shared.withLock { $0 += 1 }
        writes.withLock { $0 += 1 }
      }
      ended.yield()
      ended.finish()
    }
    for _ in 0..<100_000 {
      let values = shared.values()
      let consumer = Task { for await _ in values {} }
      consumer.cancel()
      await consumer.value
    }
    stop.withLock { $0 = true }
    for await _ in writerEnded {}
    #expect(writes.wrappedValue > 0)
    #expect(shared.subscriberCount == 0)
  }

  /// Issue 28: two threads, each reading the other's value inside its own `withLock`, used to
  /// take the two locks in opposite orders and hang with no word. A read never waits on a lock
  /// that is held while a change runs, so both finish.
  @Test func twoThreadsEachReadingTheOtherInsideItsOwnWithLockFinish() async {
    let first = Shared(value: 0)
    let second = Shared(value: 0)
    let rounds = 10_000
    let (ends, ended) = AsyncStream.makeStream(of: Void.self)
    // Threads of their own: on the concurrency pool both could run on one thread, one after
    // the other, and never overlap.
    for (mine, other) in [(first, second), (second, first)] {
      DispatchQueue(label: "reads the other inside its withLock").async {
        for _ in 0..<rounds { mine.withLock { $0 += 1 + other.wrappedValue * 0 } }
        ended.yield()
      }
    }
    var finished = 0
    for await _ in ends {
      finished += 1
      if finished == 2 { break }
    }
    #expect(first.wrappedValue == rounds)
    #expect(second.wrappedValue == rounds)
  }

  /// A read inside the value's own `withLock`, of the value or of a value derived from it,
  /// gives the value as the change began; it used to trap and end the process.
  @Test func readingTheValueOrADerivedValueInsideItsOwnWithLockGivesTheValueAsTheChangeBegan()
    throws
  {
    struct Row: Identifiable, Equatable { let id: Int }
    let rows = Shared(value: [Row(id: 1), Row(id: 2)])
    let row = try #require(rows[id: 2])
    let seen = rows.withLock {
      $0.append(Row(id: 3))
      return (row: row.wrappedValue.id, inside: $0.count, read: rows.wrappedValue.count)
    }
    #expect(seen.row == 2)
    #expect(seen.inside == 3)
    #expect(seen.read == 2)
    let inside = rows.withLock { rows.wrappedValue.count + ($0.popLast() == nil ? 1 : 0) }
    #expect(inside == 3)
    #expect(rows.wrappedValue.count == 2)
  }

  /// TCA's SyncUps delete, as written there: the element held by the detail screen is read
  /// inside the list's `withLock` to remove it.
  @Test func removingAnElementByTheIdOfItsOwnDerivedValueInsideWithLockWorks() throws {
    struct SyncUp: Identifiable, Equatable { let id: Int }
    let syncUps = Shared(value: IdentifiedArrayOf<SyncUp>([SyncUp(id: 1), SyncUp(id: 2)]))
    let syncUp = try #require(syncUps[id: 1])
    syncUps.withLock { _ = $0.remove(id: syncUp.wrappedValue.id) }
    #expect(syncUps.wrappedValue == [SyncUp(id: 2)])
    #expect(syncUp.wrappedValue == SyncUp(id: 1))
  }

  /// A `withLock` inside its own cannot change the value the outer change holds: it is
  /// reported, runs on a copy and is dropped; it neither hangs nor ends the process (a child
  /// process: the report goes to its standard error).
  @Test func changingTheSameValueInsideItsOwnWithLockIsReportedAndDropped() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        let shared = Shared(value: 0)
        let inner = shared.withLock { outer in
          outer = 10
          return shared.withLock { inner in
            inner += 1
            return inner
          }
        }
        // The lock was let go: the next change goes through.
        shared.withLock { $0 += 1 }
        precondition(inner == 1 && shared.wrappedValue == 11)
      })
    let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(printed.contains("Shared<Int> was changed with withLock inside its own withLock"))
    #expect(printed.contains("docs/decisions/0014-shared-state.md"))
  }

  /// A subscription made inside the value's own `withLock` gets the value as the change began,
  /// then the change.
  @Test func subscribingInsideItsOwnWithLockGetsTheValueThenTheChange() async {
    let shared = Shared(value: 0)
    let values = shared.withLock {
      $0 = 1
      return shared.values()
    }
    var seen: [Int] = []
    for await value in values {
      seen.append(value)
      if seen.count == 2 { break }
    }
    #expect(seen == [0, 1])
  }

  /// Changing one shared value inside another's `withLock` would deadlock if another thread
  /// did the same in the opposite order: it traps at once, every time, whatever the order.
  @Test func changingAnotherValueInsideWithLockTraps() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let first = Shared(value: 0)
        let second = Shared(value: 0)
        first.withLock { _ in second.withLock { $0 += 1 } }
      })
    let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(printed.contains("Shared<Int> was changed with withLock inside the withLock of"))
    #expect(printed.contains("docs/decisions/0001-store-isolation.md"))
  }

  /// A change runs on the value writers take turns on, apart from the one reads see: one that
  /// throws must leave both as they were, or the next change would build on a value never seen.
  @Test func aChangeThatThrowsCommitsNothing() {
    struct Failure: Error {}
    let shared = Shared(value: 1)
    #expect(throws: Failure.self) {
      try shared.withLock {
        $0 = 2
        throw Failure()
      }
    }
    #expect(shared.wrappedValue == 1)
    shared.withLock { $0 += 1 }
    #expect(shared.wrappedValue == 2)
  }

  @Test func anotherSharedValueMayBeReadOrSubscribedToInsideWithLock() async {
    let first = Shared(value: 1)
    let second = Shared(value: 2)
    let values = first.withLock {
      $0 += second.wrappedValue
      return second.values()
    }
    #expect(first.wrappedValue == 3)
    for await value in values {
      #expect(value == 2)
      break
    }
  }
}

@Suite struct SharedKeyTests {
  @Test func twoHoldersOfTheSameInMemoryKeyShareOneValue() {
    withDependencies {
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      @Shared(.inMemory("count")) var first = 0
      @Shared(.inMemory("count")) var second = 10
      $first.withLock { $0 += 1 }
      #expect(second == 1)
      @Shared(.inMemory("other")) var other = 10
      #expect(other == 10)
    }
  }
}

private struct Meeting: Identifiable, Equatable, Sendable {
  let id: Int
  var title = ""
}

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<Meeting>>.Default {
  /// A key with its default, as TCA's SyncUps declares `.syncUps`.
  fileprivate static var meetings: Self {
    Self[.inMemory("meetings"), default: [Meeting(id: 1)]]
  }
}

@Suite struct SharedKeyDefaultTests {
  @Test func aKeyWithADefaultNeedsNoTypeOrValueWhereItIsHeld() {
    withDependencies {
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      @Shared(.meetings) var meetings
      #expect(meetings == [Meeting(id: 1)])
      // The same value as the key it wraps, and a default given here is not used: the value
      // is already held.
      @Shared(.meetings) var again = [Meeting(id: 9)]
      @Shared(.inMemory("meetings")) var byName: IdentifiedArrayOf<Meeting> = []
      $meetings.withLock { $0.append(Meeting(id: 2)) }
      #expect(again.ids == [1, 2])
      #expect(byName.ids == [1, 2])
    }
  }

  @Test func aDefaultGivenWhereTheKeyIsFirstHeldWinsOverTheKeys() {
    withDependencies {
      $0.sharedRegistry = SharedRegistry()
    } operation: {
      @Shared(.meetings) var meetings = [Meeting(id: 7)]
      #expect(meetings.ids == [7])
    }
  }
}

@Suite struct SharedUnwrappingTests {
  /// TCA's `Shared($syncUps[id: id])` is `Shared<SyncUp>?`; it was `Shared<Shared<SyncUp>?>`.
  @Test func sharedOfAnElementByIdIsAnOptionalSharedElement() throws {
    let meetings = Shared(value: IdentifiedArrayOf<Meeting>([Meeting(id: 1)]))
    let meeting: Shared<Meeting>? = Shared(meetings[id: 1])
    let found = try #require(meeting)
    found.withLock { $0.title = "Standup" }
    #expect(meetings.wrappedValue[id: 1]?.title == "Standup")
    #expect(Shared(meetings[id: 2]) == nil)
    // Without a type written down, the same.
    let inferred = Shared(meetings[id: 1])
    #expect(type(of: inferred) == Shared<Meeting>?.self)
  }

  @Test func sharedOfASharedOptionalUnwrapsItWhileItHoldsAValue() throws {
    let draft = Shared<String?>(value: "a")
    let unwrapped = try #require(Shared(draft))
    #expect(type(of: unwrapped) == Shared<String>.self)
    unwrapped.withLock { $0 += "b" }
    #expect(draft.wrappedValue == "ab")
    draft.withLock { $0 = nil }
    // Reads as last seen; writes change nothing.
    #expect(unwrapped.wrappedValue == "ab")
    unwrapped.withLock { $0 = "c" }
    #expect(draft.wrappedValue == nil)
    #expect(Shared(draft) == nil)
  }

  /// The other spellings keep their meaning next to the unwrapping initializers.
  @Test func theCommonSpellingsResolveAsBefore() {
    let count = Shared(value: 1)
    #expect(type(of: count) == Shared<Int>.self)
    let optional = Shared(value: Optional(1))
    #expect(type(of: optional) == Shared<Int?>.self)
    let empty: Shared<Int?> = Shared(value: nil)
    #expect(empty.wrappedValue == nil)
    let none = Shared<Int?>(value: nil)
    #expect(type(of: none) == Shared<Int?>.self)
    let held = Shared(projectedValue: count)
    #expect(held == count)
  }
}
