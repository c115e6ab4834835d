import CounterFeature
import CounterTerminalView
import FeatureBridge
import FeatureBridgeTesting
import NotesFeature
import StoreKernel
import TerminalUI
import Testing

// The examples in the doc comments of FeatureBridgeTesting: EventBudget, FakeFeature,
// FeatureContract, observed and OutputLog.

@MainActor @Suite struct TestingToolExamples {
  @Test func aSearchStaysWithinItsBudget() async {
    let registry = StoreRegistry()
    let notes = NotesFeature.launcher.start(.init(storage: .inMemory())) {
      $0.storeRegistry = registry
    }
    await notes.settle()  // the load is not part of the budget
    await EventBudget("Notes", eventsPerInput: 4).check(in: registry, inputs: 1) {
      await notes.send(.search("milk"))
    }
    await notes.stop()
  }

  @Test func aFakeStandsInForTheNotes() async {
    let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
      input == .save ? [.saved(noteCount: 0)] : []
    }
    let notes = fakeNotes.start()  // instead of NotesFeature.launcher.start(…)
    var heard: [NotesOutput] = []
    notes.onOutput { heard.append($0) }
    await fakeNotes.emit(.noteCountChanged(3))
    await notes.send(.save)  // the fake answers .saved(noteCount: 0)
    await notes.settle()
    #expect(fakeNotes.receivedInputs == [.save])
    #expect(heard == [.noteCountChanged(3), .saved(noteCount: 0)])
    await notes.stop()
  }

  @Test func theFakeCounterKeepsTheRealOnesContract() async {
    let counterFake = FakeFeature<CounterInput, CounterOutput> { input in
      input == .increment ? [.countChanged(1)] : []
    }
    await FeatureContract.verify([
      ("real", { CounterFeature.launcher.start(.init(favorites: Shared(value: []))) }),
      ("fake", { counterFake.start() }),
    ]) { probe in
      await probe.send(.increment)
      #expect(await probe.nextOutput() == .countChanged(1), "\(probe.name)")
    }
  }

  @Test func theViewShowsTheCountItWasSent() async {
    let counter = CounterFeature.launcher.start(.init(favorites: Shared(value: [])))
    let view = CounterFeature.terminalView(of: counter)
    counter.input.send(.setCount(3))
    let lines = await observed({ view.render(width: 40, height: 10) }) {
      $0.contains("    [-]   3   [+]")
    }
    #expect(lines.contains("    [-]   3   [+]"))
    await counter.stop()
  }

  @Test func aSaveIsTheLastOutput() async {
    let notes = NotesFeature.launcher.start(.init(storage: .inMemory()))
    let log = OutputLog(notes.outputs)
    await notes.send(.save)
    await notes.settle()
    #expect(await log.waitFor(count: 2))
    #expect(log.outputs.last == .saved(noteCount: 0))
    await notes.stop()
  }
}
