// Where the benchmark loops put each result, so that no result is unused. Compiled without
// cross-module optimization (see Package.swift) and never inlined: the caller cannot see that
// they do nothing, so it must build every value it passes and make every call. One sink call per
// iteration in every loop, the baseline included, so the ratios compare like with like.

public import StoreKernel

/// Takes the handle a `send` returns, and does nothing with it.
///
/// - Parameter task: The handle.
@inline(never)
public func sink(_ task: StoreTask) {}

/// Takes the effect a reducer returns, and does nothing with it.
///
/// - Parameter effect: The effect.
@inline(never)
public func sink(_ effect: Effect<CounterAction>) {}

/// Takes a number, and does nothing with it.
///
/// - Parameter value: The number.
@inline(never)
public func sink(_ value: Int) {}

/// Takes the effect a composed reducer returns, and does nothing with it.
///
/// - Parameter effect: The effect.
@inline(never)
public func sink(_ effect: Effect<ComposedAction>) {}
