// Public so that the mailbox's hot path can be `@inlinable` (specialized in each feature
// module) and use the package's lock; the module has no public API, so nothing of it appears in
// FeatureBridge's.
public import MultiStorePrimitives

/// Inputs on their way to a feature's store, waiting for their hop to the store's actor.
///
/// Producers (the stream pump, or any holder of the feature's ``InputSender``) put inputs in as
/// fast as they come; the store's actor takes them all at once, so one hop delivers a whole
/// batch, in order. Projection inputs (`.latest(key:)`) replace a waiting one with the same key.
/// Once closed (the feature is stopping), the mailbox refuses every input.
///
/// `put` and `takeAll` are `@inlinable`, so each feature module gets them specialized for its
/// `Input` (unspecialized, generic iteration allocated on every input).
@usableFromInline
final class InputMailbox<Input: Sendable>: Sendable {
  /// What a `put` did.
  @usableFromInline
  enum PutResult {
    /// Queued behind a delivery that is already scheduled.
    case queued
    /// Queued, and the caller must schedule a delivery.
    case needsDelivery
    /// Refused: the feature is stopping or stopped.
    case refused
  }

  @usableFromInline
  struct State: Sendable {
    /// The inputs, from `head` on (what is before it was taken by a bounded `take`).
    @usableFromInline var items: [Input?] = []
    @usableFromInline var head = 0
    /// Where the waiting projection of each key is in `items`.
    @usableFromInline var waitingIndex: [String: Int] = [:]
    @usableFromInline var deliveryScheduled = false
    @usableFromInline var isClosed = false

    @usableFromInline
    init() {}
  }

  @usableFromInline let state = LockedValue(State())
  /// `nil` when every input is an intent: then `put` never asks.
  @usableFromInline let delivery: (@Sendable (Input) -> InputDelivery)?

  @usableFromInline
  init(delivery: (@Sendable (Input) -> InputDelivery)?) {
    self.delivery = delivery
  }

  /// Adds one input.
  @inlinable
  func put(_ input: Input) -> PutResult {
    let kind = delivery?(input) ?? .intent
    return state.withLock { state in
      if state.isClosed { return .refused }
      Self.append(input, kind: kind, to: &state)
      return Self.claimDelivery(&state)
    }
  }

  /// Adds several inputs under one lock, in order.
  ///
  /// The caller's sequence and the delivery rule are both run before the lock is taken: user
  /// code under the lock could stall every producer and the delivery, or deadlock by sending.
  @inlinable
  func put(contentsOf inputs: some Sequence<Input>) -> PutResult {
    let inputs = Array(inputs)
    let kinds = delivery.map { rule in inputs.map(rule) }
    return state.withLock { state in
      if state.isClosed { return .refused }
      if inputs.isEmpty { return .queued }
      for index in inputs.indices {
        Self.append(inputs[index], kind: kinds?[index] ?? .intent, to: &state)
      }
      return Self.claimDelivery(&state)
    }
  }

  @inlinable
  static func append(_ input: Input, kind: InputDelivery, to state: inout State) {
    if case .latest(let key) = kind {
      if let index = state.waitingIndex[key] { state.items[index] = nil }
      state.waitingIndex[key] = state.items.count
    }
    state.items.append(input)
  }

  @inlinable
  static func claimDelivery(_ state: inout State) -> PutResult {
    if state.deliveryScheduled { return .queued }
    state.deliveryScheduled = true
    return .needsDelivery
  }

  /// Takes the waiting inputs (in order, replaced projections as `nil`) into `buffer`, which
  /// must be empty: all of them, or the oldest `limit`. Returns whether inputs are still
  /// waiting; then a delivery stays scheduled (the next `put` will not ask for one), and the
  /// caller schedules it. Otherwise the next `put` schedules a new delivery.
  ///
  /// Taking all is a swap, not a copy: the caller's emptied buffer becomes the mailbox's, so
  /// steady traffic allocates nothing. A bounded take copies the oldest `limit` out and leaves
  /// the rest in place (the mailbox is compacted once half of it has been taken).
  @inlinable
  func take(upTo limit: Int, into buffer: inout [Input?]) -> Bool {
    state.withLock { state in
      if state.items.count - state.head <= limit {
        if state.head == 0 {
          swap(&state.items, &buffer)
        } else {
          buffer.append(contentsOf: state.items[state.head...])
          state.items.removeAll(keepingCapacity: true)
          state.head = 0
        }
        state.waitingIndex.removeAll(keepingCapacity: true)
        state.deliveryScheduled = false
        return false
      }
      Self.takeOldest(limit, from: &state, into: &buffer)
      return true
    }
  }

  @usableFromInline
  static func takeOldest(_ count: Int, from state: inout State, into buffer: inout [Input?]) {
    let end = state.head + count
    buffer.append(contentsOf: state.items[state.head..<end])
    state.head = end
    state.waitingIndex = state.waitingIndex.filter { $0.value >= end }
    if state.head >= 4096, state.head * 2 >= state.items.count {
      state.items.removeFirst(state.head)
      for key in state.waitingIndex.keys { state.waitingIndex[key]! -= state.head }
      state.head = 0
    }
  }

  /// Refuses every later input. Inputs already waiting stay, for a last `takeAll`.
  func close() {
    state.withLock { $0.isClosed = true }
  }
}
