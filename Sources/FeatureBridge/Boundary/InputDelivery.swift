/// How an input travels to the feature's store: declared at the boundary, not hand-coded in
/// effects.
///
/// `Sendable` plain value.
public enum InputDelivery: Sendable, Equatable {
  /// An intent: queued without limit and delivered exactly once, in order. Never dropped.
  case intent
  /// A projection of host state: while one with the same key is waiting to be delivered, a
  /// newer one replaces it (it moves to the newer one's place in the order).
  case latest(key: String)
}
