/// Collects a stream's elements as they arrive (a feature's outputs, a store's `values`), on the
/// actor it is created on, so a test can read them at any point and wait for the ones it
/// expects without blocking on the stream.
///
/// ```swift
/// let log = OutputLog(notes.outputs)
/// await notes.send(.save)
/// await notes.settle()
/// #expect(await log.waitFor(count: 2))
/// #expect(log.outputs.last == .saved(noteCount: 0))
/// ```
///
/// Not `Sendable`: confined to the actor it was created on.
public final class OutputLog<Output: Sendable> {
  /// Every element received so far, in order.
  public private(set) var outputs: [Output] = []
  /// Whether the stream has finished.
  public private(set) var finished = false
  private var read = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var task: Task<Void, Never>?

  /// Starts collecting `stream` on the caller's actor.
  ///
  /// - Parameters:
  ///   - stream: The stream to collect.
  ///   - isolation: The actor to collect on.
  public init(_ stream: AsyncStream<Output>, isolation: isolated any Actor = #isolation) {
    task = Task { [weak self] in
      _ = isolation
      for await output in stream {
        guard let self else { return }
        self.outputs.append(output)
        self.wakeWaiters()
      }
      self?.finished = true
      self?.wakeWaiters()
    }
  }

  deinit {
    task?.cancel()
  }

  /// The next element not yet taken with `next()`, waiting for it if needed; `nil` once the
  /// stream has finished without one.
  nonisolated(nonsending) public func next() async -> Output? {
    while read >= outputs.count, !finished {
      await withCheckedContinuation { waiters.append($0) }
    }
    guard read < outputs.count else { return nil }
    read += 1
    return outputs[read - 1]
  }

  /// Waits until at least `count` elements have arrived (or the stream finished).
  ///
  /// - Parameter count: How many to wait for.
  /// - Returns: Whether that many arrived.
  nonisolated(nonsending) public func waitFor(count: Int) async -> Bool {
    while outputs.count < count, !finished {
      await withCheckedContinuation { waiters.append($0) }
    }
    return outputs.count >= count
  }

  /// Waits until the stream has finished (the feature stopped), every element logged.
  nonisolated(nonsending) public func untilFinished() async {
    while !finished {
      await withCheckedContinuation { waiters.append($0) }
    }
  }

  private func wakeWaiters() {
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume() }
  }
}
