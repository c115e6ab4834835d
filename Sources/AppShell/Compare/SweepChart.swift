#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An SVG chart of events and CPU per keystroke against the number of extra features, one
/// line per architecture, both axes logarithmic. It says which way is better, what each build
/// is, the workload, and when and how it was measured; the legend and the captions sit below
/// the plots, and the values beside their points, inside the plots' frames.
enum SweepChart {
  /// The chart of `comparisons`, each a run of the workload with one number of extra features
  /// (`repetitions` times the 5 lines).
  static func svg(_ comparisons: [CompareCommand.Comparison], repetitions: Int) -> String {
    typealias Series = (multi: [Double], single: [Double])
    func series(_ value: (Measurement) -> Double) -> Series {
      (comparisons.map { value($0.multiStore) }, comparisons.map { value($0.singleStore) })
    }
    let panels: [(title: String, unit: String, series: Series)] = [
      ("Store events per keystroke (lower is better)", "", series(\.eventsPerKeystroke)),
      ("CPU per keystroke (lower is better)", " µs", series(\.cpuMicrosecondsPerKeystroke)),
    ]
    let builds = [("#1f77b4", "multi-store"), ("#ff7f0e", "single-store")]
    let counts = comparisons.map { Double(max(1, $0.multiStore.extraFeatures)) }
    let panelWidth = 440.0
    let plotTop = 50.0
    let plotHeight = 250.0
    let captions = [
      "Lower is better: the store events and the CPU time one keystroke typed into a note costs.",
      "multi-store: each feature in a store of its own (the app's default). single-store: one root",
      "store holding every feature's state, its reducer presenting each feature composed into it",
      "(every action passes the root reducer); a view's scope is derived again only when its",
      "feature ran.",
      "Workload: a new note, then 5 lines of 60 characters typed a key at a time, \(repetitions)×,",
      "with N extra live counter features. Measured \(Self.today()), \(Self.build) build, "
        + "\(Self.platform).",
    ]
    let totalWidth = panelWidth * 2 + 40
    let legendY = plotTop + plotHeight + 56
    let totalHeight = legendY + 24 + Double(captions.count) * 16 + 10
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(totalWidth))" height="\(Int(totalHeight))" font-family="sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="20" y="22" font-size="14">Cost of one keystroke as the app grows (extra live features N, log scales)</text>

      """
    for (index, panel) in panels.enumerated() {
      let originX = 20 + Double(index) * (panelWidth + 10) + 70
      let width = panelWidth - 90
      let values = (panel.series.multi + panel.series.single)
        .filter { $0 > 0 }
      let low = floor(log10(values.min() ?? 0.1))
      let high = max(low + 1, ceil(log10(values.max() ?? 1)))
      let xLow = floor(log10(counts.min() ?? 1))
      let xHigh = max(xLow + 1, ceil(log10(counts.max() ?? 10)))
      // A margin inside the frame, so that points and their values never touch its edges.
      let inset = 12.0
      func x(_ count: Double) -> Double {
        originX + inset + (log10(count) - xLow) / (xHigh - xLow) * (width - 2 * inset)
      }
      func y(_ value: Double) -> Double {
        let fraction = (log10(max(value, pow(10, low))) - low) / (high - low)
        return plotTop + plotHeight - inset - fraction * (plotHeight - 2 * inset)
      }
      svg += """
        <text x="\(originX)" y="\(plotTop - 8)" font-size="13">\(panel.title)</text>
        <rect x="\(originX)" y="\(plotTop)" width="\(width)" height="\(plotHeight)" fill="none" stroke="#999"/>

        """
      for exponent in stride(from: low, through: high, by: 1) {
        let lineY = y(pow(10, exponent))
        svg += """
          <line x1="\(originX)" y1="\(lineY)" x2="\(originX + width)" y2="\(lineY)" stroke="#eee"/>
          <text x="\(originX - 6)" y="\(lineY + 4)" text-anchor="end">\(label(pow(10, exponent)))\(panel.unit)</text>

          """
      }
      for exponent in stride(from: xLow, through: xHigh, by: 1) {
        svg += """
          <text x="\(x(pow(10, exponent)))" y="\(plotTop + plotHeight + 16)" text-anchor="middle">\(Int(pow(10, exponent)))</text>

          """
      }
      svg += """
        <text x="\(originX + width / 2)" y="\(plotTop + plotHeight + 32)" text-anchor="middle">extra live features (N)</text>

        """
      let lines = [panel.series.multi, panel.series.single]
      for (line, (color, _)) in zip(lines, builds) {
        let points = zip(counts, line).map { "\(x($0)),\(y($1))" }.joined(separator: " ")
        svg +=
          "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
      }
      // Values after the lines, each with a white outline, beside its point: to the right of
      // it, or to the left for the last point, so that it stays inside the frame.
      for (line, (color, _)) in zip(lines, builds) {
        for (position, (count, value)) in zip(counts, line).enumerated() {
          let last = position == counts.count - 1
          svg += """
            <circle cx="\(x(count))" cy="\(y(value))" r="3" fill="\(color)"/>
            <text x="\(x(count) + (last ? -7 : 7))" y="\(y(value) + 4)" text-anchor="\(last ? "end" : "start")" fill="\(color)" font-size="10" stroke="white" stroke-width="3" paint-order="stroke">\(label(value))</text>

            """
        }
      }
    }
    var legendX = 90.0
    for (color, name) in builds {
      svg += """
        <line x1="\(legendX)" y1="\(legendY - 4)" x2="\(legendX + 24)" y2="\(legendY - 4)" stroke="\(color)" stroke-width="2"/>
        <text x="\(legendX + 30)" y="\(legendY)">\(name)</text>

        """
      legendX += 60 + Double(name.count) * 6.5
    }
    for (index, caption) in captions.enumerated() {
      svg += """
        <text x="20" y="\(legendY + 24 + Double(index) * 16)" font-size="11" fill="#333">\(caption)</text>

        """
    }
    svg += "</svg>\n"
    return svg
  }

  private static func label(_ value: Double) -> String {
    if value >= 100 { return FixedPoint.text(value, digits: 0) }
    if value >= 1 { return FixedPoint.text(value, digits: 1) }
    return FixedPoint.text(value, digits: 2)
  }

  /// Today's date in UTC, `2026-11-24`.
  private static func today() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
  }

  private static var build: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  /// The system and processor, as `uname` names them, and the processors online.
  private static var platform: String {
    var names = utsname()
    uname(&names)
    func text<T>(_ field: T) -> String {
      withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return
      "\(text(names.sysname)) \(text(names.machine)), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) processors"
  }
}
