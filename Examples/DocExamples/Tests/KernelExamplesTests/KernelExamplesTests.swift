import Foundation
import StoreKernel
import StoreKernelTesting
import Testing

@testable import KernelExamples
@testable import ReadmeExample

// The README's store and the StoreKernel examples, run.

@MainActor @Test func theReadmeStoreCounts() {
  let token = demo()
  #expect(!token.isCancelled)
}

@MainActor @Test func aRegistryOfItsOwnCountsOneAction() {
  #expect(countIntoARegistry().totals.actionsReceived == 1)
}

@MainActor @Test func draftsLoadFromTheirStorage() async {
  let store = TestStore(initialState: Drafts.State(), reducer: Drafts()) {
    $0.drafts = .inMemory(["a"])
  }
  await store.send(.loadTapped)
  await store.receive(.internal(.loaded(["a"]))) { $0.drafts = ["a"] }
}

@MainActor @Test func aFailedLoadSaysWhy() async {
  let store = TestStore(initialState: Drafts.State(), reducer: Drafts()) {
    $0.drafts = .directory("/nonexistent/drafts")
  }
  store.exhaustivity = .off
  await store.send(.loadTapped)
  await store.receive("a load failure", matching: { $0 != .internal(.loaded([])) })
  #expect(store.state.error != nil)
}

@Test func aNoteGetsTheNextTestIdAndTheTestDate() async {
  withDependencies {
    $0.context = .test
  } operation: {
    var note = makeNote(title: "Milk")
    touch(&note)
    #expect(note.id == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    #expect(note.modified == Date(timeIntervalSinceReferenceDate: 0))
  }
}

@Test func aSeededDieRollsTheSameEveryTime() async {
  let first = withDependencies {
    $0.randomNumberGenerator = .seeded(7)
  } operation: {
    rollDie()
  }
  let again = withDependencies {
    $0.randomNumberGenerator = .seeded(7)
  } operation: {
    rollDie()
  }
  #expect(first == again)
}
