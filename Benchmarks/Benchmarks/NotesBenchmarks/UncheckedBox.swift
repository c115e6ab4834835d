/// Lets the (non-Sendable) `Benchmark` handle be used from inside the actor a benchmark hops
/// to, as in IsolationCosts.
// SAFETY: the benchmark closure is suspended, waiting for that actor, for as long as the handle
// is used there; the handle is never used from two threads at once.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
}
