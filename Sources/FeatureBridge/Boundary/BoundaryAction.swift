/// The action type of a feature that lives behind a boundary, sorted by who sends each action:
/// view actions (from the feature's own view), internal actions (from its effects), and
/// delegate actions (its outputs), plus the inputs a host sends.
///
/// A feature's `Action` enum stays internal to its module; it conforms to this protocol so the
/// bridge can turn each `Input` into one action and each delegate action into one `Output`:
///
/// ```swift
/// enum TallyAction: BoundaryAction {
///   enum ViewAction: Sendable { case incrementTapped, favoriteTapped }
///   enum InternalAction: Sendable { case subscribeToFavorites, favoritesChanged(Set<Int>) }
///
///   case input(TallyInput)
///   case view(ViewAction)
///   case `internal`(InternalAction)
///   case delegate(TallyOutput)
///
///   var output: TallyOutput? { if case .delegate(let output) = self { output } else { nil } }
/// }
/// ```
///
/// Conforming types are `Sendable`.
public protocol BoundaryAction: Sendable {
  /// What a host may send the feature.
  associatedtype Input: Sendable
  /// What the feature's own view may send.
  associatedtype ViewAction: Sendable
  /// What the feature tells its host (its delegate actions).
  associatedtype Output: Sendable

  /// Wraps a host's input.
  static func input(_ input: Input) -> Self
  /// Wraps an action from the feature's view.
  static func view(_ action: ViewAction) -> Self
  /// The output this action carries, when it is a delegate action.
  var output: Output? { get }
  /// Sent once when the feature is stopped, so it can flush (for example save unsaved text);
  /// its effects are awaited before the store goes away. `nil` by default.
  static var willStop: Self? { get }
  /// Sent once right after the feature's store is created, so it can start its own work: a
  /// load, or a long-running effect such as a subscription to a shared value. `nil` by default.
  static var didStart: Self? { get }
  /// Whether the work ``didStart`` starts ends by itself (a load), so that a host's
  /// `settle()` waits for it, and for what it does on its way (inputs the feature held back
  /// until it had loaded). `false` by default: start work that runs until the feature stops
  /// (a subscription) is never waited for.
  ///
  /// When `true`, a stop waits for it too, after the ``willStop`` action: the feature must let
  /// it end once told to stop (cancel the timers it started, save what it loaded).
  static var startWorkEnds: Bool { get }
}

extension BoundaryAction {
  /// No start action by default.
  public static var didStart: Self? { nil }

  /// No stop action by default.
  public static var willStop: Self? { nil }

  /// Start work runs until the feature stops, by default.
  public static var startWorkEnds: Bool { false }
}
