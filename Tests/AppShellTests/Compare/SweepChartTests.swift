import Testing

@testable import AppShell

/// The sweep chart explains itself: which way is better, what each build is, the workload and
/// when it was measured; values sit inside the plots' frames.
@Suite @ShellActor struct SweepChartTests {
  func measurement(_ features: Int, _ events: Int, _ microseconds: Double) -> Measurement {
    Measurement(
      architecture: "x", extraFeatures: features, keystrokes: 100,
      events: .init(
        actions: 0, reducerRuns: 0, stateDerivations: 0, notifications: 0, effects: 0,
        total: events * 100),
      cpuSeconds: microseconds * 100 / 1e6, wallSeconds: 0, peakResidentKilobytes: 0,
      finalScreen: [])
  }

  var svg: String {
    SweepChart.svg(
      [(10, 31, 3.2), (100, 211, 16.1), (1_000, 2_011, 146.0)].map { n, single, cpu in
        CompareCommand.Comparison(
          multiStore: measurement(n, 4, 1.2), singleStore: measurement(n, single, cpu))
      }, repetitions: 10)
  }

  @Test func itSaysWhichWayIsBetterWhatTheBuildsAreAndHowItWasMeasured() {
    let svg = svg
    #expect(svg.contains("lower is better"))
    #expect(svg.contains("store holding every feature's state, its reducer presenting each"))
    #expect(svg.contains("Workload: a new note, then 5 lines of 60 characters"))
    #expect(svg.contains("10×"))
    #expect(svg.contains("Measured 20"))
    #expect(svg.contains("build"))
  }

  @Test func valuesStayInsideThePlotsFrames() throws {
    let svg = svg
    // Each plot's frame, then every value label's x, which must fall inside one of them.
    let frames = svg.split(separator: "\n").filter {
      $0.hasPrefix("<rect x=") && $0.contains("stroke=\"#999\"")
    }.map { line -> ClosedRange<Double> in
      let x = Double(line.split(separator: "\"")[1])!
      let width = Double(line.split(separator: "\"")[5])!
      return x...(x + width)
    }
    #expect(frames.count == 2)
    let labels = svg.split(separator: "\n").filter { $0.contains("paint-order=\"stroke\"") }
    #expect(labels.count == 12)
    for label in labels {
      let x = try #require(Double(label.split(separator: "\"")[1]))
      #expect(frames.contains { $0.contains(x) }, "\(label)")
    }
  }
}
