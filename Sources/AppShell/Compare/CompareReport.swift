import Foundation

/// The comparison as text tables or JSON.
enum CompareReport {
  static func text(
    _ pairs: [CompareCommand.Pair], repetitions: Int, endToEnd: Bool = false
  )
    -> String
  {
    var out = ""
    for pair in pairs {
      let multi = pair.multiStore
      let single = pair.singleStore
      out += """
        Typing \(multi.keystrokes) keys (5 lines × 60 characters + Enter, × \(repetitions)) \
        with \(multi.extraFeatures) extra live features\(endToEnd ? ", end to end (bytes in, frames out)" : "") — same final result: yes

        """
      let rows: [(String, String, String, String)] = [
        (
          "actions", "\(multi.events.actions)", "\(single.events.actions)",
          ratio(single.events.actions, multi.events.actions)
        ),
        (
          "reducer runs", "\(multi.events.reducerRuns)", "\(single.events.reducerRuns)",
          ratio(single.events.reducerRuns, multi.events.reducerRuns)
        ),
        (
          "scope derivations", "\(multi.events.stateDerivations)",
          "\(single.events.stateDerivations)",
          ratio(single.events.stateDerivations, multi.events.stateDerivations)
        ),
        (
          "notifications", "\(multi.events.notifications)", "\(single.events.notifications)",
          ratio(single.events.notifications, multi.events.notifications)
        ),
        (
          "effect events", "\(multi.events.effects)", "\(single.events.effects)",
          ratio(single.events.effects, multi.events.effects)
        ),
        (
          "total events", "\(multi.events.total)", "\(single.events.total)",
          ratio(single.events.total, multi.events.total)
        ),
        (
          "events / keystroke", fixed(multi.eventsPerKeystroke, 2),
          fixed(single.eventsPerKeystroke, 2), String(format: "%.1f×", pair.eventRatio)
        ),
        (
          "CPU time", milliseconds(multi.cpuSeconds), milliseconds(single.cpuSeconds),
          String(format: "%.1f×", pair.cpuRatio)
        ),
        (
          "CPU / keystroke", fixed(multi.cpuMicrosecondsPerKeystroke, 2) + " µs",
          fixed(single.cpuMicrosecondsPerKeystroke, 2) + " µs",
          String(format: "%.1f×", pair.cpuRatio)
        ),
        (
          "wall time", milliseconds(multi.wallSeconds), milliseconds(single.wallSeconds),
          String(format: "%.1f×", single.wallSeconds / max(1e-9, multi.wallSeconds))
        ),
        (
          "peak RSS (process)", "\(multi.peakResidentKilobytes) KiB",
          "\(single.peakResidentKilobytes) KiB", ""
        ),
      ]
      out += table(header: ("", "multi-store", "single-store", "single / multi"), rows: rows)
      out += "\n"
    }
    if pairs.count > 1 {
      out += "Cost per keystroke as the app grows:\n"
      out += table(
        header: ("N", "multi events/key", "single events/key", "multi µs/key | single µs/key"),
        rows: pairs.map { pair in
          (
            "\(pair.multiStore.extraFeatures)", fixed(pair.multiStore.eventsPerKeystroke, 2),
            fixed(pair.singleStore.eventsPerKeystroke, 2),
            fixed(pair.multiStore.cpuMicrosecondsPerKeystroke, 2) + " | "
              + fixed(pair.singleStore.cpuMicrosecondsPerKeystroke, 2)
          )
        })
    }
    out += """
      Peak RSS is the process's high-water mark so far: both runs share one process, so the \
      second run's figure includes the first's.
      """
    return out
  }

  static func json(_ pairs: [CompareCommand.Pair]) -> String {
    struct Run: Codable {
      var features: Int
      var multiStore: Measurement
      var singleStore: Measurement
      var multiStoreEventsPerKeystroke: Double
      var singleStoreEventsPerKeystroke: Double
      var multiStoreCPUMicrosecondsPerKeystroke: Double
      var singleStoreCPUMicrosecondsPerKeystroke: Double
      var eventRatio: Double
      var cpuRatio: Double
    }
    let runs = pairs.map {
      Run(
        features: $0.multiStore.extraFeatures, multiStore: $0.multiStore,
        singleStore: $0.singleStore,
        multiStoreEventsPerKeystroke: $0.multiStore.eventsPerKeystroke,
        singleStoreEventsPerKeystroke: $0.singleStore.eventsPerKeystroke,
        multiStoreCPUMicrosecondsPerKeystroke: $0.multiStore.cpuMicrosecondsPerKeystroke,
        singleStoreCPUMicrosecondsPerKeystroke: $0.singleStore.cpuMicrosecondsPerKeystroke,
        eventRatio: $0.eventRatio, cpuRatio: $0.cpuRatio)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = (try? encoder.encode(["runs": runs])) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  private static func ratio(_ single: Int, _ multi: Int) -> String {
    multi == 0 ? (single == 0 ? "—" : "∞") : String(format: "%.1f×", Double(single) / Double(multi))
  }

  private static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  private static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.2f ms", seconds * 1000)
  }

  private static func table(
    header: (String, String, String, String), rows: [(String, String, String, String)]
  ) -> String {
    let all = [header] + rows
    let widths = [
      all.map { $0.0.count }.max()!, all.map { $0.1.count }.max()!,
      all.map { $0.2.count }.max()!, all.map { $0.3.count }.max()!,
    ]
    func pad(_ text: String, _ width: Int, left: Bool) -> String {
      let padding = String(repeating: " ", count: max(0, width - text.count))
      return left ? text + padding : padding + text
    }
    var out = ""
    for (index, row) in all.enumerated() {
      out +=
        "  " + pad(row.0, widths[0], left: true) + "  " + pad(row.1, widths[1], left: false)
        + "  " + pad(row.2, widths[2], left: false) + "  " + pad(row.3, widths[3], left: false)
        + "\n"
      if index == 0 {
        out += "  " + String(repeating: "-", count: widths.reduce(6, +)) + "\n"
      }
    }
    return out
  }
}
