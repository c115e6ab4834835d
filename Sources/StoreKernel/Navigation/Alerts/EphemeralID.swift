/// The identity of an alert, a confirmation dialog or a button: a new one for each value made,
/// unique in the process.
///
/// It tells a new alert from the one already shown (the parent that answers a button by
/// showing another alert keeps the new one), and lets a SwiftUI `ForEach` tell buttons apart.
/// Equality of alerts, dialogs and buttons leaves it out: two alerts with the same text and
/// buttons are equal. `Sendable`.
public struct EphemeralID: Hashable, Sendable {
  let value: UInt64

  init() {
    value = UniqueNumber.next()
  }
}
