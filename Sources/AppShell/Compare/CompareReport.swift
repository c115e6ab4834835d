#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The comparison as text tables or JSON.
enum CompareReport {
  static func text(
    _ comparisons: [CompareCommand.Comparison], repetitions: Int, endToEnd: Bool = false
  ) -> String {
    var out = ""
    for comparison in comparisons {
      let multi = comparison.multiStore
      let builds = [multi, comparison.singleStore]
      out += """
        Typing \(multi.keystrokes) keys (5 lines × 60 characters + Enter, × \(repetitions)) \
        with \(multi.extraFeatures) extra live features\(endToEnd ? ", end to end (bytes in, frames out)" : "") — same final result in both: yes

        """
      func counts(_ name: String, _ value: (Measurement) -> Int) -> [String] {
        [name] + builds.map { "\(value($0))" }
          + builds.dropFirst().map { ratio(value($0), value(multi)) }
      }
      var rows = [
        counts("actions") { $0.events.actions },
        counts("reducer runs") { $0.events.reducerRuns },
        counts("scope derivations") { $0.events.stateDerivations },
        counts("notifications") { $0.events.notifications },
        counts("effect events") { $0.events.effects },
        counts("total events") { $0.events.total },
      ]
      rows.append(
        ["events / keystroke"] + builds.map { fixed($0.eventsPerKeystroke, 2) }
          + builds.dropFirst().map { times(comparison.eventRatio($0)) })
      rows.append(
        ["CPU time"] + builds.map { milliseconds($0.cpuSeconds) }
          + builds.dropFirst().map { times(comparison.cpuRatio($0)) })
      rows.append(
        ["CPU / keystroke"] + builds.map { fixed($0.cpuMicrosecondsPerKeystroke, 2) + " µs" }
          + builds.dropFirst().map { times(comparison.cpuRatio($0)) })
      rows.append(
        ["wall time"] + builds.map { milliseconds($0.wallSeconds) }
          + builds.dropFirst().map { times($0.wallSeconds / max(1e-9, multi.wallSeconds)) })
      rows.append(
        ["peak RSS (process)"] + builds.map { "\($0.peakResidentKilobytes) KiB" } + [""])
      out += table(
        header: ["", "multi-store", "single-store", "single / multi"],
        rows: rows)
      out += "\n"
    }
    if comparisons.count > 1 {
      // Events and CPU in columns of their own, each right-aligned, so that they stay in line
      // whatever their widths (2011 events and 145 µs at N = 1000).
      out += "Cost per keystroke as the app grows (store events, µs of CPU):\n"
      out += table(
        header: ["N", "multi events", "µs", "single events", "µs"],
        rows: comparisons.map { comparison in
          ["\(comparison.multiStore.extraFeatures)"]
            + [comparison.multiStore, comparison.singleStore]
            .flatMap {
              [fixed($0.eventsPerKeystroke, 2), fixed($0.cpuMicrosecondsPerKeystroke, 2)]
            }
        })
    }
    out += """
      single-store: one root store holding every feature's state, its reducer presenting each \
      feature composed into it; a view's scope is derived again only when its feature ran. \
      Peak RSS is the process's high-water mark so far: the runs share one process, so \
      a later run's figure includes the earlier ones'.
      """
    return out
  }

  static func json(_ comparisons: [CompareCommand.Comparison]) -> String {
    struct Run: Codable {
      var features: Int
      var multiStore: Measurement
      var singleStore: Measurement
      var eventRatio: Double
      var cpuRatio: Double
    }
    let runs = comparisons.map {
      Run(
        features: $0.multiStore.extraFeatures, multiStore: $0.multiStore,
        singleStore: $0.singleStore,
        eventRatio: $0.eventRatio($0.singleStore), cpuRatio: $0.cpuRatio($0.singleStore))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(["runs": runs])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  private static func ratio(_ value: Int, _ multi: Int) -> String {
    multi == 0 ? (value == 0 ? "—" : "∞") : times(Double(value) / Double(multi))
  }

  private static func times(_ value: Double) -> String {
    FixedPoint.text(value, digits: 1) + "×"
  }

  private static func fixed(_ value: Double, _ digits: Int) -> String {
    FixedPoint.text(value, digits: digits)
  }

  private static func milliseconds(_ seconds: Double) -> String {
    FixedPoint.text(seconds * 1000, digits: 2) + " ms"
  }

  /// Columns padded to their widest cell: the first left-aligned, the rest right-aligned.
  private static func table(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    var out = ""
    for (index, row) in all.enumerated() {
      let cells = widths.indices.map { column -> String in
        let text = row.indices.contains(column) ? row[column] : ""
        let padding = String(repeating: " ", count: max(0, widths[column] - text.count))
        return column == 0 ? text + padding : padding + text
      }
      out += "  " + cells.joined(separator: "  ") + "\n"
      if index == 0 {
        out += "  " + String(repeating: "-", count: widths.reduce(2 * (widths.count - 1), +)) + "\n"
      }
    }
    return out
  }
}
