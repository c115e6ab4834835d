/// A direct line into a running feature's inputs, usable from any thread: the fast path next to
/// the input stream a feature is started with.
///
/// An input sent here goes straight into the feature's mailbox, the same place the stream's
/// inputs go. It is delivered the same way (in batches, one hop per batch, in order) with the
/// same ``InputDelivery`` rule, but skips the stream: no `AsyncStream` element, no pump. Use it
/// where inputs come in bursts; keep the stream where an `AsyncSequence` is what you have.
///
/// ```swift
/// let counter = CounterFeature.launcher.start(.init(count: 3, favorites: favorites))
/// counter.input.send(.reset)
/// ```
///
/// Each producer's inputs arrive in the order it sent them. Inputs from different producers
/// (several senders, or a sender and the stream) interleave in the order they reach the mailbox.
///
/// `Sendable`: copies share one mailbox, which is guarded by a lock.
public struct InputSender<Input: Sendable>: Sendable {
  @usableFromInline let mailbox: InputMailbox<Input>
  @usableFromInline let scheduleDelivery: @Sendable () -> Void

  @usableFromInline
  init(mailbox: InputMailbox<Input>, scheduleDelivery: @escaping @Sendable () -> Void) {
    self.mailbox = mailbox
    self.scheduleDelivery = scheduleDelivery
  }

  /// Sends one input.
  ///
  /// An input that is taken is delivered before the feature's stop action runs, unless the
  /// `FeatureHandle` is released without ``FeatureHandle/stop()`` or ``FeatureHandle/finish()`` (which skips the
  /// stop action and drops what is waiting).
  ///
  /// - Parameter input: The input.
  /// - Returns: `false` if the feature no longer takes inputs (``FeatureHandle/stop()`` has begun,
  ///   or ``FeatureHandle/finish()`` has seen the input stream end): the input was not taken.
  @inlinable @discardableResult
  public func send(_ input: Input) -> Bool {
    accept(mailbox.put(input))
  }

  /// Sends several inputs in order, under one lock: cheaper than one `send` each. The sequence
  /// is read before the lock is taken.
  ///
  /// - Parameter inputs: The inputs, in order.
  /// - Returns: `false` if the feature no longer takes inputs: none of them was taken.
  @inlinable @discardableResult
  public func send(contentsOf inputs: some Sequence<Input>) -> Bool {
    accept(mailbox.put(contentsOf: inputs))
  }

  @inlinable
  func accept(_ result: InputMailbox<Input>.PutResult) -> Bool {
    switch result {
    case .queued: return true
    case .needsDelivery:
      scheduleDelivery()
      return true
    case .refused: return false
    }
  }
}
