import Testing

@testable import AppShell

/// The comparison's text: the sweep table's columns stay in line at every N.
@Suite @ShellActor struct CompareReportTests {
  func measurement(features: Int, events: Int, microseconds: Double) -> Measurement {
    Measurement(
      architecture: "x", extraFeatures: features, keystrokes: 100,
      events: .init(
        actions: 0, reducerRuns: 0, stateDerivations: 0, notifications: 0, effects: 0,
        total: events * 100),
      cpuSeconds: microseconds * 100 / 1e6, wallSeconds: 0, peakResidentKilobytes: 0,
      finalScreen: [])
  }

  @Test func theSweepTablesColumnsStayInLineAtAThousandFeatures() {
    let comparisons = [(10, 31, 3.21), (1_000, 2_011, 145.97)].map { features, single, cpu in
      CompareCommand.Comparison(
        multiStore: measurement(features: features, events: 4, microseconds: 1.2),
        singleStore: measurement(features: features, events: single, microseconds: cpu))
    }
    let text = CompareReport.text(comparisons, repetitions: 1)
    let table = text.split(separator: "\n").drop { !$0.hasPrefix("Cost per keystroke") }
      .dropFirst().prefix(4)
    let rows = table.filter { !$0.contains("---") }.map(String.init)
    #expect(rows.count == 3)
    // Every row ends in the same column, and each column's right edge is where the header's is.
    #expect(Set(rows.map(\.count)).count == 1, "\(rows)")
    for row in rows.dropFirst() {
      #expect(!row.contains("|"))
    }
  }
}
