import FeatureBridge
import FeatureBridgeTesting
import StoreKernelTesting
import TeaHost
import Testing
import TimerFeature

/// The kettle with a fake timer (one line: the `startTimer` argument) and with the real one.
/// Every wait is on a signal: the timer's `settle()` or `send(_:)`, or the test clock.
@MainActor
@Suite struct KettleTests {
  @Test func brewingStartsTheTimerForTheTeasSteepingTime() async {
    let fakeTimer = FakeFeature<TimerInput, TimerOutput>(name: "Timer")
    let kettle = Kettle(startTimer: { fakeTimer.start() })

    kettle.brew(.green)
    await kettle.timer.settle()

    #expect(fakeTimer.receivedInputs == [.start(seconds: 120)])
    await kettle.stop()
  }

  @Test func theKettleSaysWhenTheTimerFinishes() async {
    let fakeTimer = FakeFeature<TimerInput, TimerOutput>(name: "Timer")
    let kettle = Kettle(startTimer: { fakeTimer.start() })

    await fakeTimer.emit(.finished)

    #expect(kettle.log == ["tea is ready"])
    await kettle.stop()
  }

  @Test func withTheRealTimerTheTeaIsReadyWhenTheClockSaysSo() async {
    let clock = TestClock()
    let kettle = Kettle(startTimer: { TimerFeature.launcher.start(clock) })

    kettle.brew(Tea(name: "white", steepSeconds: 2))
    await kettle.timer.untilDelivered(1)
    #expect(kettle.log == ["brewing white tea", "steeping for 2 s"])

    await clock.advance(by: .seconds(1))
    #expect(kettle.render(width: 40) == ["⏱ 0:01 running"])
    await clock.advance(by: .seconds(1))
    #expect(kettle.log.last == "tea is ready")
    #expect(kettle.render(width: 40) == ["⏱ 0:00 idle"])
    await kettle.stop()
  }
}
