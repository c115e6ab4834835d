public import StoreKernel

/// What crossed a feature's boundary, and what it cost inside.
///
/// `Sendable` plain value.
public struct BoundaryMetrics: Sendable, Equatable {
  /// Inputs delivered to the feature's store (each became one action).
  public var inputsDelivered: Int
  /// Outputs the feature emitted (each was one delegate action).
  public var outputsEmitted: Int
  /// Everything the feature's store did.
  public var storeEvents: StoreEvents

  /// Creates metrics.
  ///
  /// - Parameters:
  ///   - inputsDelivered: Inputs delivered.
  ///   - outputsEmitted: Outputs emitted.
  ///   - storeEvents: The store's events.
  public init(inputsDelivered: Int, outputsEmitted: Int, storeEvents: StoreEvents) {
    self.inputsDelivered = inputsDelivered
    self.outputsEmitted = outputsEmitted
    self.storeEvents = storeEvents
  }

  /// Action amplification: store events per delivered input (0 when no input arrived).
  public var eventsPerInput: Double {
    inputsDelivered == 0 ? 0 : Double(storeEvents.total) / Double(inputsDelivered)
  }
}
