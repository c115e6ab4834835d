import StoreKernel
import StoreKernelTesting
import Testing

@testable import AppShell

/// In the single-store build each feature's action is bound to its slot when it is sent: the
/// root reducer runs it there, with no boxing and no cast back to the feature's types.
@Suite @ShellActor struct SlotActionTests {
  private func makeRoot() -> (Store<AppState, AppAction>, RootComposer) {
    let table = SlotTable()
    let composer = RootComposer(slots: table, tracked: true)
    let root = Store(
      initialState: AppState(shell: ShellState(badges: [], activeTab: 0), slots: table),
      reducer: AppReducer(), name: "App")
    composer.root = root
    return (root, composer)
  }

  @Test func eachSlotRunsItsOwnReducerForItsOwnActions() {
    let (root, composer) = makeRoot()
    let numbers = composer.compose(name: "Numbers", initialState: 0) {
      (state: inout Int, action: Int) in
      state += action
      return .none
    }
    let words = composer.compose(name: "Words", initialState: "") {
      (state: inout String, action: String) in
      state += action
      return .none
    }
    numbers.store.send(2)
    words.store.send("a")
    numbers.store.send(3)
    words.store.send("b")
    #expect(numbers.store.state == 5)
    #expect(words.store.state == "ab")
    #expect(root.eventCounters.events.actionsReceived == 4)
    numbers.end()
    words.end()
  }

  @Test func aSlotsEffectSendsItsActionsBackToTheSameSlot() async {
    let (root, composer) = makeRoot()
    let countdown = composer.compose(name: "Countdown", initialState: [Int]()) {
      (state: inout [Int], action: Int) in
      state.append(action)
      return action > 0 ? .send(action - 1) : .none
    }
    await countdown.store.send(3).finish()
    #expect(countdown.store.state == [3, 2, 1, 0])
    countdown.end()
    withExtendedLifetime(root) {}
  }

  @Test func anActionOnItsWayToADismissedFeatureReachesNoFeatureAndIsReported() {
    TestIssues.install()
    let (root, composer) = makeRoot()
    var runs = 0
    let tally = composer.compose(name: "Tally", initialState: 0) {
      (state: inout Int, action: Int) in
      runs += 1
      state += action
      return .none
    }
    tally.store.send(2)
    #expect(root.state.slots.count == 1)
    tally.end()
    // Taken out of the root state: a dismissed feature's state does not stay behind.
    #expect(root.state.slots.count == 0)
    withKnownIssue("the feature was dismissed") {
      tally.store.send(5)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "An action reached Tally after its slot was taken out")
      }
    }
    #expect(runs == 1)
    #expect(tally.store.state == 2)
    withExtendedLifetime(root) {}
  }
}
