import StoreKernel
import StoreKernelTesting
import Testing

private struct Failure: Error, CustomStringConvertible {
  var description: String { "disk full" }
}

private struct Feature: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case fetch
    case fetched(String)
    case incrementTwice
    case increment
    case merged
    case concatenated
    case concatenatedSends
    case sendsAroundARun
    case log(String)
    case failWithHandler
    case failWithoutHandler
    case throwCancellation
    case throwAfterCancellation
  }

  let clock: TestClock
  let handled: Recorder<String>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch:
      return .run { send in await send(.fetched("result")) }
    case .fetched(let value):
      state.log.append(value)
      return .none
    case .incrementTwice:
      state.count += 1
      return .send(.increment)
    case .increment:
      state.count += 1
      return .none
    case .merged:
      return .merge(.send(.log("a")), .none, .send(.log("b")))
    case .concatenated:
      return .concatenate(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.log("slow first"))
        },
        .run { send in await send(.log("fast second")) },
        .send(.log("third"))
      )
    case .concatenatedSends:
      return .concatenate(.send(.log("one")), .send(.log("two")), .send(.log("three")))
    case .sendsAroundARun:
      return .concatenate(
        .send(.log("before")),
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.log("run"))
        },
        .send(.log("after")))
    case .log(let entry):
      state.log.append(entry)
      return .none
    case .failWithHandler:
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.log("caught \(error)"))
      }
    case .failWithoutHandler:
      return .run { _ in throw Failure() }
    case .throwCancellation:
      return .run { _ in throw CancellationError() }
    case .throwAfterCancellation:
      return .run { [clock] _ in
        try? await clock.sleep(for: .seconds(1))
        throw Failure()
      } catch: { [handled] error, _ in
        handled.record("\(error)")
      }
      .cancellable(id: "throwing")
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct EffectTests {
  let clock = TestClock()
  let handled = Recorder<String>()

  private func makeStore() -> Store<Feature.State, Feature.Action> {
    Store(initialState: Feature.State(), reducer: Feature(clock: clock, handled: handled)) {
      $0.effectExecutor = clock.effectExecutor
    }
  }

  @Test func noneIsFreeAndMergingOrConcatenatingNothingStaysNone() {
    let none = Effect<Int>.none
    #expect(none.isNone)
    #expect(Effect<Int>.merge().isNone)
    #expect(Effect<Int>.merge(.none, .none).isNone)
    #expect(Effect<Int>.concatenate([]).isNone)
    #expect(Effect<Int>.concatenate(.none, .none).isNone)
    #expect(none.merge(with: .none).isNone)
    #expect(!Effect<Int>.send(1).isNone)
    #expect(!Effect<Int>.merge(.none, .send(1)).isNone)
    #expect(!none.merge(with: .send(1)).isNone)
    #expect(!Effect<Int>.send(1).merge(with: .none).isNone)
  }

  @Test func runSendsItsActionsBackToTheStore() async {
    let store = makeStore()
    let task = store.send(.fetch)
    #expect(store.log == [])

    await task.finish()

    #expect(store.log == ["result"])
    #expect(store.events.effectsStarted == 1)
    #expect(store.events.effectsFinished == 1)
  }

  @Test func sendIsHandledRightAwayAndWithoutATask() {
    let store = makeStore()
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }

    let task = store.send(.incrementTwice)

    #expect(store.count == 2)
    #expect(task.isEmpty)
    #expect(seen == [0, 2])
    #expect(store.events.actionsReceived == 2)
    #expect(store.events.reducerRuns == 2)
    #expect(store.events.effectsStarted == 0)
    token.cancel()
  }

  @Test func mergeStartsEveryEffectInOrder() {
    let store = makeStore()
    store.send(.merged)
    #expect(store.log == ["a", "b"])
  }

  @Test func mergeOfRunsStartsOneTaskPerEffect() async {
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], String> { log, action in
        if action == "start" {
          return .merge(
            .run { send in await send("one") },
            .run { send in await send("two") })
        }
        log.append(action)
        return .none
      })

    let task = store.send("start")
    await task.finish()

    #expect(store.state.sorted() == ["one", "two"])
    #expect(store.events.effectsStarted == 2)
    #expect(store.runningEffectCount == 0)
  }

  @Test func concatenateStartsEachEffectWhenThePreviousOneEnds() async {
    let store = makeStore()
    let task = store.send(.concatenated)
    await clock.advance()
    #expect(store.log == [])

    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })

    #expect(store.log == ["slow first", "fast second", "third"])
    #expect(store.events.effectsStarted == 1)
  }

  @Test func concatenatedSendsAreHandledBeforeSendReturnsInOrder() {
    let store = makeStore()
    var seen: [[String]] = []
    let token = store.observe(\.log) { seen.append($0) }
    let task = store.send(.concatenatedSends)
    #expect(store.log == ["one", "two", "three"])
    #expect(task.isEmpty)
    #expect(store.events.effectsStarted == 0)
    // One observer pass for the action and the three it led to.
    #expect(seen == [[], ["one", "two", "three"]])
    token.cancel()
  }

  @Test func theSendsBeforeTheFirstRunOfAConcatenationAreHandledAtOnceTheRestInTurn() async {
    let store = makeStore()
    let task = store.send(.sendsAroundARun)
    #expect(store.log == ["before"])

    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })
    #expect(store.log == ["before", "run", "after"])
  }

  @Test func concatenateWithRunsTheOtherEffectAfterThisOne() async {
    let effect = Effect<String>.run { [clock] send in
      try await clock.sleep(for: .seconds(1))
      await send("first")
    }
    .concatenate(with: .send("second"))
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], String> { log, action in
        guard action != "start" else { return effect }
        log.append(action)
        return .none
      }
    ) { $0.effectExecutor = clock.effectExecutor }

    let task = store.send("start")
    await clock.advance()
    await clock.advance(by: .seconds(1))
    #expect(await completes { await task.finish() })

    #expect(store.state == ["first", "second"])
  }

  @Test func runHandsThrownErrorsToItsCatchHandler() async {
    TestIssues.install()
    let store = makeStore()
    await store.send(.failWithHandler).finish()
    #expect(store.log == ["caught disk full"])
  }

  @Test func runReportsAnUnhandledErrorWithWhereTheEffectWasCreated() async {
    TestIssues.install()
    let store = makeStore()
    let issues = Recorder<String>()

    await withKnownIssue {
      await store.send(.failWithoutHandler).finish()
    } matching: { issue in
      issues.record(issue.message)
      return issue.message.contains("threw an unhandled error: disk full")
    }

    #expect(issues.values.count == 1)
    #expect(issues.values.first?.contains("StoreKernelTests/EffectTests.swift:") == true)
    #expect(store.log == [])
  }

  @Test func runIgnoresCancellationErrors() async {
    TestIssues.install()
    let store = makeStore()
    await store.send(.throwCancellation).finish()
    #expect(store.events.effectsFinished == 1)
  }

  @Test func runIgnoresErrorsThrownOnceCancelled() async {
    TestIssues.install()
    let store = makeStore()
    let task = store.send(.throwAfterCancellation)
    await clock.advance()

    await task.cancel()
    #expect(await completes { await task.finish() })

    #expect(handled.values.isEmpty)
    #expect(store.events.effectsCancelled == 1)
  }
}
