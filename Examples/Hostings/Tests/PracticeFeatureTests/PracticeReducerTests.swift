import CountdownFeature
import FeatureBridge
import FeatureBridgeTesting
import Foundation
import RatingFeature
import SessionLogFeature
import StoreKernel
import StoreKernelTesting
import Testing

@testable import PracticeFeature

/// The session's tests: one body each, run in both hostings. Each presented feature runs in a
/// store of its own, or composed into the session's store (`featureHosting = .composed`); the
/// test sends the same actions, receives the same inputs and outputs, and sees the same state.
@MainActor
@Suite struct PracticeReducerTests {
  nonisolated static let hostings: [FeatureHosting] = [.ownStores, .composed]

  let clock = TestClock()
  /// A log file no other test uses (in memory: a test never touches the disk unless it asks).
  let practice = Practice(
    logPath: FileManager.default.temporaryDirectory
      .appendingPathComponent("practice-\(UUID().uuidString).json").path)

  private func session(
    _ hosting: FeatureHosting, initialState: PracticeState? = nil,
    withDependencies more: @escaping (inout DependencyValues) -> Void = { _ in }
  ) -> TestStore<PracticeState, PracticeAction> {
    TestStore(
      initialState: initialState ?? PracticeState(practice: practice), reducer: PracticeReducer()
    ) { [clock] in
      $0.clock = clock
      $0.featureHosting = hosting
      more(&$0)
    }
  }

  @Test(arguments: hostings) func aPushedCountdownStartsTicksAndFinishes(
    hosting: FeatureHosting
  ) async {
    let store = session(hosting)
    await store.send(.view(.addTimerTapped(seconds: 2))) {
      $0.timers.append(Countdown(seconds: 2))
    }
    await store.receive(.timers(.element(id: 0, action: .input(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .output(.tick(remaining: 1)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .output(.finished)))) {
      $0.finishedTimers = 1
    }
    await store.receive(.delegate(.timerFinished))
    await store.finish()
  }

  @Test(arguments: hostings) func poppingACountdownEndsItsClock(hosting: FeatureHosting) async {
    let store = session(hosting)
    await store.send(.view(.addTimerTapped(seconds: 10))) {
      $0.timers.append(Countdown(seconds: 10))
    }
    await store.receive(.timers(.element(id: 0, action: .input(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .output(.tick(remaining: 9)))))
    await store.send(.timers(.popFrom(id: 0))) { $0.timers.removeAll() }
    // Its timer went with it: nothing more arrives.
    await clock.advance(by: .seconds(20))
    await store.finish()
  }

  @Test(arguments: hostings) func pausingOneCountdownLeavesTheOtherCounting(
    hosting: FeatureHosting
  ) async {
    let store = session(hosting)
    await store.send(.input(.addTimer(seconds: 5))) { $0.timers.append(Countdown(seconds: 5)) }
    await store.receive(.timers(.element(id: 0, action: .input(.start))))
    await store.send(.input(.addTimer(seconds: 3))) { $0.timers.append(Countdown(seconds: 3)) }
    await store.receive(.timers(.element(id: 1, action: .input(.start))))
    await store.send(.timers(.element(id: 0, action: .input(.pause))))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 1, action: .output(.tick(remaining: 2)))))
    await store.send(.timers(.popFrom(id: 0))) { $0.timers.removeAll() }
    await store.finish()
  }

  @Test(arguments: hostings) func aFinishedCountdownIsWrittenInTheLog(
    hosting: FeatureHosting
  ) async {
    let store = session(hosting)
    await store.send(.view(.logTapped)) { $0.log = SessionLog(path: practice.logPath) }
    await store.receive(.log(.presented(.output(.countChanged(0)))))
    await store.send(.view(.addTimerTapped(seconds: 1))) {
      $0.timers.append(Countdown(seconds: 1))
    }
    await store.receive(.timers(.element(id: 0, action: .input(.start))))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .output(.finished)))) {
      $0.finishedTimers = 1
    }
    await store.receive(.delegate(.timerFinished))
    await store.receive(.log(.presented(.input(.append("timer finished")))))
    await store.receive(.log(.presented(.output(.countChanged(1))))) { $0.logCount = 1 }
    await store.send(.log(.dismiss)) { $0.log = nil }
    await store.finish()
  }

  @Test(arguments: hostings) func aRatingPresentedByTheInitialStateGetsTheFirstInput(
    hosting: FeatureHosting
  ) async {
    var initial = PracticeState(practice: practice)
    initial.destination = .rating(RatingPrompt(title: "Yesterday?"))
    let store = session(hosting, initialState: initial)
    await store.send(.destination(.presented(.rating(.input(.rate(stars: 3))))))
    await store.send(.destination(.presented(.rating(.input(.submit)))))
    await store.receive(.destination(.presented(.rating(.output(.submitted(stars: 3)))))) {
      $0.ratings = [3]
      $0.destination = nil
    }
    await store.receive(.delegate(.rated(stars: 3)))
    await store.finish()
  }

  /// The log tells its count when it starts: presented by the initial state, it starts at the
  /// store's start, before any action, so its count arrives before the parent's first action,
  /// in a store of its own and composed alike; that first action's line reaches it.
  @Test(arguments: hostings) func aLogPresentedByTheInitialStateTellsItsCountFromTheStoresStart(
    hosting: FeatureHosting
  ) async {
    var initial = PracticeState(practice: practice)
    initial.log = SessionLog(path: practice.logPath)
    let store = session(hosting, initialState: initial)
    await store.receive(.log(.presented(.output(.countChanged(0)))))
    await store.send(.input(.note("warm up")))
    await store.receive(.log(.presented(.input(.append("warm up")))))
    await store.receive(.log(.presented(.output(.countChanged(1))))) { $0.logCount = 1 }
    await store.send(.log(.dismiss)) { $0.log = nil }
    await store.finish()
  }

  @Test(arguments: hostings) func aViewFindsEachPresentedFeature(hosting: FeatureHosting) async {
    let store = session(hosting)
    await store.send(.view(.logTapped)) { $0.log = SessionLog(path: practice.logPath) }
    await store.receive(.log(.presented(.output(.countChanged(0)))))
    await store.send(.view(.addTimerTapped(seconds: 5))) {
      $0.timers.append(Countdown(seconds: 5))
    }
    await store.receive(.timers(.element(id: 0, action: .input(.start))))
    let log: FeatureHandle<SessionLogInput, SessionLogOutput>? = store.presentedFeature(\.$log)
    let countdown: FeatureHandle<CountdownInput, CountdownOutput>? = store.presentedFeature(
      \.timers, id: 0)
    #expect(log != nil)
    #expect(countdown != nil)
    await store.send(.timers(.popFrom(id: 0))) { $0.timers.removeAll() }
    await store.send(.log(.dismiss)) { $0.log = nil }
    let gone: FeatureHandle<SessionLogInput, SessionLogOutput>? = store.presentedFeature(\.$log)
    #expect(gone == nil)
    await store.finish()
  }

  @Test(arguments: hostings) func theRatingIsOneCaseOfTheDestination(
    hosting: FeatureHosting
  ) async {
    let store = session(hosting)
    await store.send(.view(.rateTapped)) {
      $0.destination = .rating(RatingPrompt(title: "How did it go?"))
    }
    await store.send(.destination(.presented(.rating(.input(.rate(stars: 4))))))
    await store.send(.destination(.presented(.rating(.input(.submit)))))
    await store.receive(.destination(.presented(.rating(.output(.submitted(stars: 4)))))) {
      $0.ratings = [4]
      $0.destination = nil
    }
    await store.receive(.delegate(.rated(stars: 4)))
    await store.finish()
  }

  @Test(arguments: hostings) func resettingAsksFirstThenClearsTheTimersAndTheLog(
    hosting: FeatureHosting
  ) async {
    var initial = PracticeState(practice: practice)
    initial.log = SessionLog(path: practice.logPath)
    initial.finishedTimers = 2
    initial.ratings = [5]
    initial.timers.append(Countdown(seconds: 30))
    let store = session(hosting, initialState: initial)
    await store.receive(.log(.presented(.output(.countChanged(0)))))
    await store.send(.view(.resetTapped)) { $0.destination = .confirmReset(.reset) }
    await store.send(.input(.note("warm up")))
    await store.receive(.log(.presented(.input(.append("warm up")))))
    await store.receive(.log(.presented(.output(.countChanged(1))))) { $0.logCount = 1 }
    await store.send(.destination(.presented(.confirmReset(.confirm)))) {
      $0.destination = nil
      $0.timers.removeAll()
      $0.finishedTimers = 0
      $0.ratings = []
    }
    await store.receive(.log(.presented(.input(.clear))))
    await store.receive(.log(.presented(.output(.countChanged(0))))) { $0.logCount = 0 }
    await store.send(.log(.dismiss)) { $0.log = nil }
    await store.finish()
  }

  @Test(arguments: hostings) func aFakeCountdownTakesTheRealOnesPlaceInOneLine(
    hosting: FeatureHosting
  ) async {
    let store = session(hosting) {
      $0[feature: CountdownFeature.launcher] = .fake { $0 == .start ? [.finished] : [] }
    }
    await store.send(.view(.addTimerTapped(seconds: 60))) {
      $0.timers.append(Countdown(seconds: 60))
    }
    await store.receive(.timers(.element(id: 0, action: .input(.start))))
    await store.receive(.timers(.element(id: 0, action: .output(.finished)))) {
      $0.finishedTimers = 1
    }
    await store.receive(.delegate(.timerFinished))
    await store.finish()
  }
}
