import FeatureBridge
import StoreKernelTesting
import TeaHost
import Testing
import TimerFeature

/// The kettle with a fake timer (one line: the `startTimer` argument) and with the real one.
@MainActor
@Suite struct KettleTests {
  @Test func brewingStartsTheTimerForTheTeasSteepingTime() async {
    let fakeTimer = FakeFeature<TimerInput, TimerOutput>(name: "Timer")
    let kettle = Kettle(startTimer: { fakeTimer.start(inputs: $0) })

    kettle.brew(.green)

    #expect(await eventually { fakeTimer.receivedInputs == [.start(seconds: 120)] })
    await kettle.stop()
  }

  @Test func theKettleSaysWhenTheTimerFinishes() async {
    let fakeTimer = FakeFeature<TimerInput, TimerOutput>(name: "Timer")
    let kettle = Kettle(startTimer: { fakeTimer.start(inputs: $0) })

    fakeTimer.emit(.finished)

    #expect(await eventually { kettle.log == ["tea is ready"] })
    await kettle.stop()
  }

  @Test func withTheRealTimerTheTeaIsReadyWhenTheClockSaysSo() async {
    let clock = TestClock()
    let kettle = Kettle(startTimer: { TimerFeature.start(inputs: $0, clock: clock) })

    kettle.brew(Tea(name: "white", steepSeconds: 2))
    #expect(await eventually { kettle.log == ["brewing white tea", "steeping for 2 s"] })

    for _ in 1...2 {
      #expect(await clock.waitForSleepers(1))
      await clock.advance(by: .seconds(1))
    }
    #expect(await eventually { kettle.log.last == "tea is ready" })
    #expect(kettle.render(width: 40) == ["⏱ 0:00 idle"])
    await kettle.stop()
  }
}
