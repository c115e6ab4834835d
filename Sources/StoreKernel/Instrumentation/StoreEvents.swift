/// Counts of what the runtime did, by kind. Every count is an event; ``total`` sums them.
///
/// `Sendable` plain value.
public struct StoreEvents: Sendable, Equatable, CustomStringConvertible {
  /// Actions handed to the store by `send`, including those forwarded by scoped children.
  public var actionsReceived = 0
  /// Times the store ran its reducer (once per action processed by a root store).
  public var reducerRuns = 0
  /// Times a scope or observation function derived a value from state.
  public var stateDerivations = 0
  /// Change notifications delivered to observers (only when the observed value changed).
  public var notifications = 0
  /// Effects started as tasks.
  public var effectsStarted = 0
  /// Effects that ran to completion.
  public var effectsFinished = 0
  /// Effects that ended cancelled.
  public var effectsCancelled = 0

  /// No events.
  public init() {}

  /// The sum of every count.
  public var total: Int {
    actionsReceived + reducerRuns + stateDerivations + notifications + effectsStarted
      + effectsFinished + effectsCancelled
  }

  /// Each count of `self` minus the same count of `other`.
  ///
  /// - Parameter other: The earlier snapshot to subtract.
  /// - Returns: The events that happened in between.
  public func subtracting(_ other: StoreEvents) -> StoreEvents {
    var result = StoreEvents()
    result.actionsReceived = actionsReceived - other.actionsReceived
    result.reducerRuns = reducerRuns - other.reducerRuns
    result.stateDerivations = stateDerivations - other.stateDerivations
    result.notifications = notifications - other.notifications
    result.effectsStarted = effectsStarted - other.effectsStarted
    result.effectsFinished = effectsFinished - other.effectsFinished
    result.effectsCancelled = effectsCancelled - other.effectsCancelled
    return result
  }

  /// Each count of `self` plus the same count of `other`.
  ///
  /// - Parameter other: The events to add.
  /// - Returns: The sum.
  public func adding(_ other: StoreEvents) -> StoreEvents {
    var negated = StoreEvents()
    negated.actionsReceived = -other.actionsReceived
    negated.reducerRuns = -other.reducerRuns
    negated.stateDerivations = -other.stateDerivations
    negated.notifications = -other.notifications
    negated.effectsStarted = -other.effectsStarted
    negated.effectsFinished = -other.effectsFinished
    negated.effectsCancelled = -other.effectsCancelled
    return subtracting(negated)
  }

  /// One line: `actions=… reducers=… derivations=… notifications=… effects=…/…/… total=…`.
  public var description: String {
    "actions=\(actionsReceived) reducers=\(reducerRuns) derivations=\(stateDerivations) "
      + "notifications=\(notifications) effects=\(effectsStarted)/\(effectsFinished)/"
      + "\(effectsCancelled) total=\(total)"
  }
}

/// A store's name with its counts, as the registry reports it.
///
/// `Sendable` plain value.
public struct StoreSnapshot: Sendable, Equatable {
  /// The store's name (given at creation, or derived from its state type).
  public var name: String
  /// Its counts since it was created.
  public var events: StoreEvents

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - name: The store's name.
  ///   - events: Its counts.
  public init(name: String, events: StoreEvents) {
    self.name = name
    self.events = events
  }
}
