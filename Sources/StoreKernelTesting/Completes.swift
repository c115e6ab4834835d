import MultiStorePrimitives
import StoreKernel

/// Runs `operation` in a task of its own and waits for it to return, but at most `limit`;
/// returns whether it returned. A test awaits an effect, a task or a stream this way, so a
/// regression that leaves one running fails an expectation instead of hanging the test run.
/// Nothing is polled: the wait ends the moment `operation` returns. The limit only guards
/// against a hang, so its default is far above what any operation needs, even on a loaded
/// machine where other tests hold the threads: a test never races the clock.
///
/// ```swift
/// #expect(await completes { await task.value })
/// ```
///
/// - Parameters:
///   - limit: The longest to wait.
///   - operation: What to wait for. It keeps running if the limit passes first.
/// - Returns: Whether `operation` returned within `limit`.
public func completes(
  within limit: Duration = .seconds(60), _ operation: @escaping @Sendable () async -> Void
) async -> Bool {
  await completes(until: ContinuousClock.now.advanced(by: limit), operation)
}

private struct Gate {
  var continuation: CheckedContinuation<Bool, Never>?
  var result: Bool?
}

func completes(
  until deadline: ContinuousClock.Instant, _ operation: @escaping @Sendable () async -> Void
) async -> Bool {
  let gate = LockedValue(Gate())
  let open: @Sendable (Bool) -> Void = { returned in
    let waiting = gate.withLock { gate -> CheckedContinuation<Bool, Never>? in
      guard gate.result == nil else { return nil }
      gate.result = returned
      defer { gate.continuation = nil }
      return gate.continuation
    }
    waiting?.resume(returning: returned)
  }
  let work = Task {
    await operation()
    open(true)
  }
  let timer = Task {
    try? await Task.sleep(until: deadline, clock: .continuous)
    open(false)
  }
  let returned = await withCheckedContinuation { continuation in
    let result = gate.withLock { gate in
      if gate.result == nil { gate.continuation = continuation }
      return gate.result
    }
    if let result { continuation.resume(returning: result) }
  }
  timer.cancel()
  _ = work
  return returned
}
