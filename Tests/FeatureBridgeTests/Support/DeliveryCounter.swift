import FeatureBridge
import Synchronization

/// Counts how many inputs the boundary's pump has taken from the input stream: the pump asks
/// the delivery policy once per input, just before it puts the input in its mailbox.
final class DeliveryCounter: Sendable {
  private let taken = Atomic<Int>(0)

  /// How many inputs the pump has taken so far.
  var count: Int { taken.load(ordering: .acquiring) }

  /// Wraps `policy` so every decision is counted.
  func counting(
    _ policy: @escaping @Sendable (TallyInput) -> InputDelivery = TallyFeature.delivery
  ) -> @Sendable (TallyInput) -> InputDelivery {
    { input in
      self.taken.add(1, ordering: .releasing)
      return policy(input)
    }
  }
}
