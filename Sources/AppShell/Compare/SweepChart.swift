#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An SVG chart of events and CPU per keystroke against the number of extra features, one
/// line per architecture, both axes logarithmic.
enum SweepChart {
  static func svg(_ comparisons: [CompareCommand.Comparison]) -> String {
    typealias Series = (multi: [Double], single: [Double], untracked: [Double])
    func series(_ value: (Measurement) -> Double) -> Series {
      (
        comparisons.map { value($0.multiStore) }, comparisons.map { value($0.singleStore) },
        comparisons.map { value($0.singleStoreUntracked) }
      )
    }
    let panels: [(title: String, unit: String, series: Series)] = [
      ("Events per keystroke", "events", series(\.eventsPerKeystroke)),
      ("CPU per keystroke", "µs", series(\.cpuMicrosecondsPerKeystroke)),
    ]
    let counts = comparisons.map { Double(max(1, $0.multiStore.extraFeatures)) }
    let panelWidth = 420.0
    let panelHeight = 300.0
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(panelWidth * 2 + 60))" height="\(Int(panelHeight + 80))" font-family="sans-serif" font-size="12">
      <rect width="100%" height="100%" fill="white"/>
      <text x="20" y="20" font-size="14">Cost of one keystroke as the app grows (extra live features, log scales)</text>

      """
    for (index, panel) in panels.enumerated() {
      let originX = 20 + Double(index) * (panelWidth + 20) + 75
      let originY = 50.0
      let width = panelWidth - 105
      let height = panelHeight - 50
      let values = (panel.series.multi + panel.series.single + panel.series.untracked)
        .filter { $0 > 0 }
      let low = floor(log10(values.min() ?? 0.1))
      let high = max(low + 1, ceil(log10(values.max() ?? 1)))
      let xLow = floor(log10(counts.min() ?? 1))
      let xHigh = max(xLow + 1, ceil(log10(counts.max() ?? 10)))
      func x(_ count: Double) -> Double { originX + (log10(count) - xLow) / (xHigh - xLow) * width }
      func y(_ value: Double) -> Double {
        originY + height - (log10(max(value, pow(10, low))) - low) / (high - low) * height
      }
      svg += """
        <text x="\(originX)" y="\(originY - 8)" font-size="13">\(panel.title)</text>
        <rect x="\(originX)" y="\(originY)" width="\(width)" height="\(height)" fill="none" stroke="#999"/>

        """
      for exponent in stride(from: low, through: high, by: 1) {
        let lineY = y(pow(10, exponent))
        svg += """
          <line x1="\(originX)" y1="\(lineY)" x2="\(originX + width)" y2="\(lineY)" stroke="#eee"/>
          <text x="\(originX - 6)" y="\(lineY + 4)" text-anchor="end">\(label(pow(10, exponent))) \(panel.unit)</text>

          """
      }
      for exponent in stride(from: xLow, through: xHigh, by: 1) {
        svg += """
          <text x="\(x(pow(10, exponent)))" y="\(originY + height + 16)" text-anchor="middle">\(Int(pow(10, exponent)))</text>

          """
      }
      svg += """
        <text x="\(originX + width / 2)" y="\(originY + height + 32)" text-anchor="middle">extra live features (N)</text>

        """
      let lines = [
        (panel.series.multi, "#1f77b4", "multi-store"),
        (panel.series.single, "#ff7f0e", "single-store"),
        (panel.series.untracked, "#d62728", "single-store, untracked scopes"),
      ]
      for (position, (series, color, name)) in lines.enumerated() {
        let points = zip(counts, series).map { "\(x($0)),\(y($1))" }.joined(separator: " ")
        svg +=
          "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
        for (count, value) in zip(counts, series) {
          svg += """
            <circle cx="\(x(count))" cy="\(y(value))" r="3" fill="\(color)"/>
            <text x="\(x(count) + 4)" y="\(y(value) - 6)" fill="\(color)" font-size="10">\(label(value))</text>

            """
        }
        let legendY = originY + 14 + Double(position) * 16
        svg += """
          <text x="\(originX + 8)" y="\(legendY)" fill="\(color)">\(name)</text>

          """
      }
    }
    svg += "</svg>\n"
    return svg
  }

  private static func label(_ value: Double) -> String {
    if value >= 100 { return FixedPoint.text(value, digits: 0) }
    if value >= 1 { return FixedPoint.text(value, digits: 1) }
    return FixedPoint.text(value, digits: 2)
  }
}
