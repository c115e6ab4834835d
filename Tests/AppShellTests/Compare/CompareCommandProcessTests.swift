import Foundation
import Testing

/// `AppShell compare --sweep … --chart …` as a person runs it: the sweep table in columns, and
/// a chart that explains itself.
@Suite struct CompareCommandProcessTests {
  @Test func aSweepPrintsItsTableInColumnsAndWritesTheChart() async throws {
    let binary = try #require(AppBinary.path, "the AppShell executable is not built")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let chart = directory.file("sweep.svg")
    let result = try await ChildProcess.run(
      binary, arguments: ["compare", "--sweep", "1,10", "--repeat", "1", "--chart", chart],
      environment: ProcessInfo.processInfo.environment, timeLimit: .seconds(300))
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    let header = try #require(lines.firstIndex { $0.hasPrefix("Cost per keystroke") })
    let table = lines[(header + 1)...].prefix(4).filter { !$0.contains("---") }
    #expect(Set(table.map(\.count)).count == 1, "\(table)")
    let svg = try String(contentsOfFile: chart, encoding: .utf8)
    #expect(svg.contains("lower is better") && svg.contains("Workload:"))
  }
}
