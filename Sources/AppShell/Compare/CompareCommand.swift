import Foundation

/// `swift run -c release AppShell compare`: both architectures on the same work, in one
/// process, counted by the kernel's instrumentation.
@ShellActor
enum CompareCommand {
  struct Pair: Codable {
    var multiStore: Measurement
    var singleStore: Measurement
    var eventRatio: Double {
      Double(singleStore.events.total) / Double(max(1, multiStore.events.total))
    }
    var cpuRatio: Double { singleStore.cpuSeconds / max(1e-9, multiStore.cpuSeconds) }
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
    var pairs: [Pair] = []
    for count in options.featureCounts {
      let multi = await CompareWorkload.measure(
        .multiStore, extraFeatures: count, repetitions: options.repetitions,
        endToEnd: options.endToEnd)
      let single = await CompareWorkload.measure(
        .singleStore, extraFeatures: count, repetitions: options.repetitions,
        endToEnd: options.endToEnd)
      guard multi.finalScreen == single.finalScreen else {
        let message = """
          AppShell compare: the architectures ended with different results at N = \(count).
          multi-store:
          \(multi.finalScreen.joined(separator: "\n"))
          single-store:
          \(single.finalScreen.joined(separator: "\n"))

          """
        StandardStreams.writeError(message)
        return 1
      }
      pairs.append(Pair(multiStore: multi, singleStore: single))
    }
    if options.json {
      print(CompareReport.json(pairs))
    } else {
      print(CompareReport.text(pairs, repetitions: options.repetitions, endToEnd: options.endToEnd))
    }
    if let path = options.chartPath {
      do {
        try SweepChart.svg(pairs).write(toFile: path, atomically: true, encoding: .utf8)
        if !options.json { print("chart written to \(path)") }
      } catch {
        StandardStreams.writeError("AppShell: cannot write \(path): \(error)\n")
        return 1
      }
    }
    return 0
  }
}
