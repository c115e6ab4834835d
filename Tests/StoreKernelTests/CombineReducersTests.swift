import StoreKernel
import Testing

private func logging(
  _ name: String, then effect: Effect<String> = .none
) -> Reduce<[String], String> {
  Reduce { log, action in
    log.append("\(name) saw \(action)")
    return action == "start" ? effect : .none
  }
}

@Suite struct CombineReducersTests {
  @Test func reducersRunInTheOrderListed() {
    let combined = CombineReducers {
      logging("first")
      logging("second")
      logging("third")
    }
    var log: [String] = []

    let effect = combined.reduce(into: &log, action: "go")

    #expect(log == ["first saw go", "second saw go", "third saw go"])
    #expect(effect.isNone)
  }

  @Test func aSingleReducerStandsForItself() {
    let combined = CombineReducers { logging("only") }
    var log: [String] = []
    _ = combined.reduce(into: &log, action: "go")
    #expect(log == ["only saw go"])
  }

  @Test func laterReducersSeeEarlierReducersChanges() {
    let combined = CombineReducers {
      Reduce<Int, String> { count, _ in
        count += 1
        return .none
      }
      Reduce<Int, String> { count, _ in
        count *= 10
        return .none
      }
    }
    var count = 1
    _ = combined.reduce(into: &count, action: "go")
    #expect(count == 20)
  }

  @Test func sequenceRunsFirstThenSecond() {
    let sequence = ReducerSequence(first: logging("first"), second: logging("second"))
    var log: [String] = []
    _ = sequence.reduce(into: &log, action: "go")
    #expect(log == ["first saw go", "second saw go"])
  }

  @MainActor
  @Test func effectsOfEveryReducerAreMergedInOrder() {
    let store = Store(
      initialState: [String](),
      reducer: CombineReducers {
        logging("first", then: .send("from first"))
        logging("second", then: .send("from second"))
      })

    store.send("start")

    #expect(
      store.state == [
        "first saw start", "second saw start",
        "first saw from first", "second saw from first",
        "first saw from second", "second saw from second",
      ])
  }
}
