import Testing

@testable import AppShell

/// `--stats`: a key waits for the frame drawn after it was handled, never for a later one.
@Suite struct FrameStatsTests {
  let start = ContinuousClock.now

  @Test func aKeyIsMeasuredToTheFrameThatShowsIt() {
    var stats = FrameStats()
    stats.keysHandled(arrivedAt: start)
    stats.frameDrawn(from: start + .milliseconds(1), to: start + .milliseconds(2))
    #expect(stats.keyLatencies == [.milliseconds(2)])
    #expect(stats.frameDurations == [.milliseconds(1)])
  }

  @Test func aKeyThatChangedNothingIsNotChargedToALaterFrame() {
    var stats = FrameStats()
    // An arrow at the end of a list: handled, nothing to draw.
    stats.keysHandled(arrivedAt: start)
    stats.keysNeedNoFrame()
    // Two seconds later a save's message is drawn: no key waited for it.
    stats.frameDrawn(from: start + .seconds(2), to: start + .seconds(2) + .milliseconds(1))
    #expect(stats.keyLatencies.isEmpty)
    #expect(stats.keysWithoutFrame == 1)
    #expect(stats.report.contains("keys that changed nothing on screen: 1"))
  }
}
