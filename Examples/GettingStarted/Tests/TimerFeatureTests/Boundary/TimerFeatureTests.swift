import FeatureBridge
import StoreKernelTesting
import Testing
import TimerFeature

/// The timer as a host sees it: inputs in, outputs out, a view. No `@testable`: these tests
/// use only the public boundary.
@MainActor
@Suite struct TimerFeatureTests {
  @Test func aHostHearsStartedThenFinished() async {
    let clock = TestClock()
    let (inputs, send) = AsyncStream.makeStream(of: TimerInput.self)
    let timer = TimerFeature.start(inputs: inputs, clock: clock)
    let log = OutputLog(timer.outputs)

    send.yield(.start(seconds: 2))
    #expect(await eventually { log.outputs == [.started(seconds: 2)] })
    #expect(timer.view.render(width: 30, height: 1) == ["⏱ 0:02 running"])

    for _ in 1...2 {
      #expect(await clock.waitForSleepers(1))
      await clock.advance(by: .seconds(1))
    }
    #expect(await eventually { log.outputs == [.started(seconds: 2), .finished] })
    #expect(timer.view.render(width: 30, height: 1) == ["⏱ 0:00 idle"])
    await timer.stop()
  }

  @Test func spaceInTheViewPausesTheTimer() async {
    let (inputs, send) = AsyncStream.makeStream(of: TimerInput.self)
    let timer = TimerFeature.start(inputs: inputs, clock: TestClock())
    send.yield(.start(seconds: 90))
    #expect(await eventually { timer.metrics.inputsDelivered == 1 })

    // The view uses the space and stops at the first key that is not its own.
    #expect(timer.view.handle([.character(" "), .tab]) == 1)
    #expect(timer.view.render(width: 30, height: 1) == ["⏱ 1:30 paused"])
    await timer.stop()
  }

  @Test func theFakeKeepsTheRealTimersContract() async {
    var startedWith = 0
    let fake = FakeFeature<TimerInput, TimerOutput>(name: "Timer") { input in
      switch input {
      case .start(let seconds):
        startedWith = seconds
        return [.started(seconds: seconds)]
      case .cancel:
        return [.cancelled(remaining: startedWith)]
      }
    }

    await FeatureContract.verify([
      ("real", { TimerFeature.start(inputs: $0, clock: TestClock()) }),
      ("fake", { fake.start(inputs: $0) }),
    ]) { probe in
      probe.send(.start(seconds: 60))
      #expect(await probe.nextOutput() == .started(seconds: 60), "\(probe.name)")
      probe.send(.cancel)
      #expect(await probe.nextOutput() == .cancelled(remaining: 60), "\(probe.name)")
    }
  }
}
