import Synchronization

/// Numbers that are never handed out twice in a process: the identities of alerts, dialogs and
/// buttons, and the marks a stack's `forEach` leaves on the stack it has reconciled.
enum UniqueNumber {
  private static let last = Atomic<UInt64>(0)

  /// A number no earlier call returned (never 0).
  static func next() -> UInt64 {
    last.wrappingAdd(1, ordering: .relaxed).newValue
  }
}
