import FeatureBridge
import FeatureBridgeTesting
import StoreKernelTesting
import Synchronization
import TerminalUI
import Testing
import TimerFeature

/// The timer as a host sees it: inputs in, outputs out, a view. No `@testable`: these tests
/// use only the public boundary, and wait only on its signals (`send` returns once the input
/// was handled; the test clock moves the countdown).
@MainActor
@Suite struct TimerFeatureTests {
  @Test func aHostHearsStartedThenFinished() async {
    let clock = TestClock()
    let timer = TimerFeature.launcher.start(clock)
    var heard: [TimerOutput] = []
    timer.onOutput { heard.append($0) }
    let view = TimerFeature.terminalView(of: timer)

    await timer.send(.start(seconds: 2))
    #expect(heard == [.started(seconds: 2)])
    #expect(view.render(width: 30, height: 1) == ["⏱ 0:02 running"])

    await clock.advance(by: .seconds(2))
    #expect(heard == [.started(seconds: 2), .finished])
    #expect(view.render(width: 30, height: 1) == ["⏱ 0:00 idle"])
    await timer.stop()
  }

  @Test func spaceInTheViewPausesTheTimer() async {
    let timer = TimerFeature.launcher.start(TestClock())
    await timer.send(.start(seconds: 90))
    let view = TimerFeature.terminalView(of: timer)

    // The view uses the space and stops at the first key that is not its own.
    #expect(view.handle([.character(" "), .tab]) == 1)
    #expect(view.render(width: 30, height: 1) == ["⏱ 1:30 paused"])
    await timer.stop()
  }

  @Test func theFakeKeepsTheRealTimersContract() async {
    // A fake's script may run on another actor than the test's: what it remembers is locked.
    let startedWith = Mutex(0)
    let fake = FakeFeature<TimerInput, TimerOutput>(name: "Timer") { input in
      switch input {
      case .start(let seconds):
        startedWith.withLock { $0 = seconds }
        return [.started(seconds: seconds)]
      case .cancel:
        return [.cancelled(remaining: startedWith.withLock { $0 })]
      }
    }

    await FeatureContract.verify([
      ("real", { TimerFeature.launcher.start(TestClock()) }),
      ("fake", { fake.start() }),
    ]) { probe in
      await probe.send(.start(seconds: 60))
      #expect(await probe.nextOutput() == .started(seconds: 60), "\(probe.name)")
      await probe.send(.cancel)
      #expect(await probe.nextOutput() == .cancelled(remaining: 60), "\(probe.name)")
    }
  }
}
