import Foundation
import StoreKernel
import StoreKernelTesting
import Testing

@testable import KernelExamples
@testable import ReadmeExample

// The README's store and the StoreKernel examples, run.

@MainActor @Test func theReadmeStoreCounts() throws {
  // The README's demo prints what its observer sees: read it back from standard output.
  let (token, printed) = try capturingStandardOutput { demo() }
  #expect(printed == "count: 0\ncount: 1\n")
  #expect(!token.isCancelled)
}

/// Runs `body` with standard output going to a temporary file, and returns what it printed.
/// (Synchronous, on the main actor, where every other example that prints runs: nothing else
/// prints meanwhile.)
@MainActor func capturingStandardOutput<Result>(
  _ body: () -> Result
) throws -> (Result, String) {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("readme-demo-\(UUID().uuidString)").path
  defer { try? FileManager.default.removeItem(atPath: path) }
  let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
  try #require(file >= 0, "cannot open \(path)")
  defer { close(file) }
  fflush(nil)
  let saved = dup(STDOUT_FILENO)
  try #require(saved >= 0)
  dup2(file, STDOUT_FILENO)
  let result = body()
  fflush(nil)
  dup2(saved, STDOUT_FILENO)
  close(saved)
  let printed = try String(contentsOfFile: path, encoding: .utf8)
  return (result, printed)
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
