import StoreKernel
import Testing

@Suite struct StackElementIDTests {
  @Test func anIntegerLiteralIsItsGeneration() {
    let id: StackElementID = 3
    #expect(id == StackElementID(generation: 3))
    #expect("\(id)" == "#3")
    #expect(String(reflecting: id) == "#3")
  }

  @Test func aGeneratorCountsUpAndPeekDoesNotTake() {
    let generator = StackElementIDGenerator()
    #expect(generator.peek() == 0)
    #expect(generator.next() == 0)
    #expect(generator() == 1)
    #expect(generator.peek() == 2)
    #expect(StackElementIDGenerator(first: 5).next() == 5)
  }

  @Test func copiesOfAGeneratorShareItsCount() {
    let generator = StackElementIDGenerator()
    let copy = generator
    _ = generator.next()
    #expect(copy.next() == 1)
  }

  @Test func eachDependencyValuesResolvesAGeneratorOfItsOwn() {
    let first = DependencyValues(context: .test)
    let second = DependencyValues(context: .test)
    _ = first.stackElementID.next()
    _ = first.stackElementID.next()
    #expect(first.stackElementID.peek() == 2)
    #expect(second.stackElementID.peek() == 0)
  }
}

/// A root that pushes a screen on each action.
private struct Pusher: Reducer {
  struct State: Equatable {
    var path = StackState<String>()
  }

  func reduce(into state: inout State, action: String) -> Effect<String> {
    state.path.append(action)
    return .none
  }
}

@MainActor
@Suite struct StackElementIDInAssertionsTests {
  @Test func anAssertionRunWithACopyOfTheGeneratorHandsOutTheReducersIDs() throws {
    let store = Store(initialState: Pusher.State(), reducer: Pusher())
    store.send("first")
    var expected = store.state
    let generatorBeforeTheStep = store.dependencyValues.stackElementID.copy()
    store.send("second")
    let updateExpected: (inout Pusher.State) throws -> Void = { $0.path.append("second") }

    var values = store.dependencyValues
    values.stackElementID = generatorBeforeTheStep
    try values.withCurrent { try updateExpected(&expected) }

    #expect(store.state.path.ids == [0, 1])
    #expect(expected == store.state)
  }
}
