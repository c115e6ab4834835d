/// A line diff of two values' `dump` output: what `printChanges` and `TestStore` show.
package enum StateDiff {
  /// The lines that differ between `before` and `after`, prefixed `-` (removed) and `+` (added),
  /// with unchanged lines elided. Empty when the dumps are identical.
  package static func lines<Value>(from before: Value, to after: Value) -> [String] {
    diff(dumpLines(before), dumpLines(after))
  }

  /// `dump`'s multi-line description of `value`, one element per line.
  package static func dumpLines<Value>(_ value: Value) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.isEmpty }
  }

  /// A longest-common-subsequence diff of two line lists.
  package static func diff(_ old: [String], _ new: [String]) -> [String] {
    if old == new { return [] }
    let n = old.count
    let m = new.count
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] =
          old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var result: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        i += 1
        j += 1
      } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
        result.append("- \(trimmed(old[i]))")
        i += 1
      } else {
        result.append("+ \(trimmed(new[j]))")
        j += 1
      }
    }
    return result
  }

  private static func trimmed(_ line: String) -> String {
    let text = line.drop(while: { $0 == " " })
    // `dump` starts each line with its own marker; the diff line has `-` or `+` instead.
    for marker in ["- ", "▿ ", "▹ "] where text.hasPrefix(marker) {
      return String(text.dropFirst(marker.count))
    }
    return String(text)
  }
}
