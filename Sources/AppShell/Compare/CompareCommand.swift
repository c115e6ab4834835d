#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `swift run -c release AppShell compare`: both architectures on the same work, in one
/// process, counted by the kernel's instrumentation.
@ShellActor
enum CompareCommand {
  /// The same work in the three builds, at one N.
  struct Comparison: Codable {
    var multiStore: Measurement
    /// One root store whose scopes are derived again only when their feature ran.
    var singleStore: Measurement
    /// One root store whose every scope is derived again after every action.

    /// Events of `measurement` per event of the multi-store build.
    func eventRatio(_ measurement: Measurement) -> Double {
      Double(measurement.events.total) / Double(max(1, multiStore.events.total))
    }

    /// CPU time of `measurement` per CPU time of the multi-store build.
    func cpuRatio(_ measurement: Measurement) -> Double {
      measurement.cpuSeconds / max(1e-9, multiStore.cpuSeconds)
    }
  }

  static func run(_ arguments: some Collection<String>) async -> Int32 {
    let options: CompareOptions
    do {
      options = try CompareOptions.parse(arguments)
    } catch is CompareHelpRequested {
      print(CompareOptions.usage)
      return 0
    } catch {
      StandardStreams.writeError("AppShell: \(error)\n")
      return 2
    }
    var comparisons: [Comparison] = []
    for count in options.featureCounts {
      var measured: [Architecture: Measurement] = [:]
      for architecture in Architecture.allCases {
        measured[architecture] = await CompareWorkload.measure(
          architecture, extraFeatures: count, repetitions: options.repetitions,
          endToEnd: options.endToEnd)
      }
      let multi = measured[.multiStore]!
      for architecture in Architecture.allCases where architecture != .multiStore {
        let other = measured[architecture]!
        guard other.finalScreen == multi.finalScreen else {
          let message = """
            AppShell compare: the builds ended with different results at N = \(count).
            multi-store:
            \(multi.finalScreen.joined(separator: "\n"))
            \(architecture.rawValue):
            \(other.finalScreen.joined(separator: "\n"))

            """
          StandardStreams.writeError(message)
          return 1
        }
      }
      comparisons.append(
        Comparison(
          multiStore: multi, singleStore: measured[.singleStore]!))
    }
    if options.json {
      print(CompareReport.json(comparisons))
    } else {
      print(
        CompareReport.text(
          comparisons, repetitions: options.repetitions, endToEnd: options.endToEnd))
    }
    if let path = options.chartPath {
      do {
        try Data(SweepChart.svg(comparisons, repetitions: options.repetitions).utf8).write(
          to: URL(fileURLWithPath: path))
        if !options.json { print("chart written to \(path)") }
      } catch {
        StandardStreams.writeError("AppShell: cannot write \(path): \(error)\n")
        return 1
      }
    }
    return 0
  }
}
