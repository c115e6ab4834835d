// A case path made from the case alone (`CasePath(Parent.child)`, its extract found by
// reflection) against the same path with its extract written by hand: one `extract` each, on
// actions that alternate between the path's case and another.

import Benchmark
import StoreKernel

private enum Child: Sendable { case tap, set(Int) }
private enum Parent: Sendable { case child(Child), other(String) }

func casePathBenchmarks(fast: Benchmark.Configuration, slow: Benchmark.Configuration) {
  let actions: [Parent] = (0..<1_000).map { $0.isMultiple(of: 2) ? .child(.set($0)) : .other("x") }
  let handWritten = CasePath<Parent, Child>(
    embed: Parent.child, extract: { if case .child(let child) = $0 { child } else { nil } })
  let fromTheCase = CasePath(Parent.child)

  Benchmark("Case path: extract, written by hand", configuration: fast) { benchmark in
    var matched = 0
    for index in benchmark.scaledIterations {
      if handWritten.extract(actions[index % actions.count]) != nil { matched += 1 }
    }
    blackHole(matched)
  }

  Benchmark("Case path: extract, from the case (reflection)", configuration: slow) { benchmark in
    var matched = 0
    for index in benchmark.scaledIterations {
      if fromTheCase.extract(actions[index % actions.count]) != nil { matched += 1 }
    }
    blackHole(matched)
  }
}
