// The trivial domain of the root and scoped `send` benchmarks and of their baseline, in a module
// of its own that is compiled without cross-module optimization (see Package.swift): a client
// sees only the declarations below, never their bodies. The baseline loop therefore has to
// call the reducer once per iteration (it cannot inline it, fold a million increments into one
// addition, or drop the calls), and a store's reducer closure calls the very same function.
// docs/performance.md ("Benchmark hygiene") shows the loops in the disassembly.

public import StoreKernel

/// The trivial action: one case, no payload.
public enum CounterAction: Sendable {
  /// Adds one to the count.
  case increment
}

/// The trivial reducer: one increment, no effect.
public struct Counter: Reducer {
  /// A reducer with no configuration.
  public init() {}

  /// Adds one to `count`; returns no effect.
  ///
  /// - Parameters:
  ///   - count: The state.
  ///   - action: Always `.increment`.
  /// - Returns: `.none`.
  public func reduce(into count: inout Int, action: CounterAction) -> Effect<CounterAction> {
    count &+= 1
    return .none
  }
}
