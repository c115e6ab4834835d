// The navigation tools' data structures: a stack's push and pop, and an identified array's
// update by id, at several sizes. Each should cost the same at every size.

import Benchmark
import KernelFixtures
import StoreKernel

func navigationBenchmarks(
  host: StoreHost, values: Benchmark.Configuration, stores: Benchmark.Configuration
) {
  for depth in [10, 100, 1_000] {
    Benchmark("StackState: push + pop, \(depth) elements", configuration: values) {
      benchmark in
      var path = StackState(0..<depth)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        path.append(0)
        sink(path.removeLast())
      }
      benchmark.stopMeasurement()
      precondition(path.count == depth)
    }
  }

  for depth in [10, 100, 1_000] {
    Benchmark(
      "Store: stack push + pop through forEach, \(depth) elements", configuration: stores
    ) { benchmark in
      await host.stackPushesAndPops(depth: depth, UncheckedBox(value: benchmark))
    }
  }

  for count in [1_000, 10_000] {
    Benchmark(
      "IdentifiedArray: subscript(id:) update, \(count) elements", configuration: values
    ) { benchmark in
      var rows = IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0) })
      var id = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        rows[id: id]?.count &+= 1
        id = id &+ 7919 < count ? id &+ 7919 : (id &+ 7919) % count
      }
      benchmark.stopMeasurement()
      sink(rows[id: 0]?.count ?? 0)
    }

    // The same update in a plain array, found by a linear search: what forEach over an array
    // does for each element action.
    Benchmark("Array: firstIndex(where:) update, \(count) elements", configuration: stores) {
      benchmark in
      var rows = (0..<count).map { Row(id: $0) }
      var id = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        if let index = rows.firstIndex(where: { $0.id == id }) { rows[index].count &+= 1 }
        id = id &+ 7919 < count ? id &+ 7919 : (id &+ 7919) % count
      }
      benchmark.stopMeasurement()
      sink(rows[0].count)
    }
  }
}

extension StoreHost {
  /// `send(.push)` then `send(.pop)` into a root store whose stack holds `depth` screens,
  /// through the stack's `forEach`: the push appends under a new id, the pop removes it and
  /// the forEach finds it gone (and cancels its effects, none here).
  func stackPushesAndPops(depth: Int, _ box: UncheckedBox<Benchmark>) {
    let benchmark = box.value
    let store = Store(initialState: StackRoot.State(), reducer: stackRootReducer())
    for _ in 0..<depth { store.send(.push) }

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      sink(store.send(.push))
      sink(store.send(.pop))
    }
    benchmark.stopMeasurement()

    precondition(store.path.count == depth)
  }
}
