/// Collects a stream's elements on the main actor as they arrive (a feature's outputs, a
/// store's `values`), so a test can wait for them with ``eventually(_:)`` instead of blocking on
/// the stream.
///
/// ```swift
/// let log = OutputLog(feature.outputs)
/// inputs.yield(.save)
/// #expect(await log.waitFor(count: 1))
/// #expect(log.outputs == [.saved(noteCount: 0)])
/// ```
///
/// Not `Sendable`: confined to the main actor.
@MainActor
public final class OutputLog<Output: Sendable> {
  /// Every element received so far, in order.
  public private(set) var outputs: [Output] = []
  /// Whether the stream has finished.
  public private(set) var finished = false
  private var task: Task<Void, Never>?

  /// Starts collecting `stream`.
  ///
  /// - Parameter stream: The stream to collect.
  public init(_ stream: AsyncStream<Output>) {
    task = Task { [weak self] in
      for await output in stream { self?.outputs.append(output) }
      self?.finished = true
    }
  }

  /// Waits until at least `count` elements have arrived.
  ///
  /// - Parameter count: How many to wait for.
  /// - Returns: Whether they arrived before the bound of ``eventually(_:)`` ran out.
  public func waitFor(count: Int) async -> Bool {
    await eventually { outputs.count >= count }
  }
}
