/// Embeds a value into one case of an enum and extracts it back out: a small case path.
///
/// Reducers use case paths in two places: to find a child's actions inside a parent's actions
/// (`Scope`, `ifLet`, `forEach`, `Store.scope`), where it is spelled ``ActionPath``, and to
/// find a child's state inside a parent state that is an enum (`Scope(state:)` over a case,
/// `ifCaseLet`).
///
/// The project takes no package dependencies, so there is no macro-generated case path. The
/// case itself is one: ``init(_:)`` takes its constructor and finds the extract by reflection,
/// and every operator that takes an action path takes the constructor too:
///
/// ```swift
/// let scope = Scope(state: \Holder.titles, action: Screen.row) { Titles() }
/// ```
///
/// Reflection costs a few microseconds an action. Where that matters (a scope that sees every
/// keystroke), write the two directions once, next to the enum:
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction)
///   static let counterPath = ActionPath<AppAction, CounterAction>(
///     embed: AppAction.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }
///   )
/// }
/// ```
///
/// `Sendable`: both closures are `@Sendable`.
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a child value into the root enum.
  public let embed: @Sendable (Value) -> Root
  /// Returns the child value if `root` is the matching case, otherwise `nil`.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a path from its two directions.
  ///
  /// - Parameters:
  ///   - embed: Wraps a child value into the root enum (usually the case constructor).
  ///   - extract: Returns the child value when the root is the matching case.
  @inlinable
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// Composes this path with a deeper one: `Root → Value → Deeper`.
  ///
  /// - Parameter next: The path from this path's value to a deeper value.
  /// - Returns: A path from `Root` straight to the deeper value.
  public func appending<Deeper>(_ next: CasePath<Value, Deeper>) -> CasePath<Root, Deeper> {
    let embed = self.embed
    let extract = self.extract
    return CasePath<Root, Deeper>(
      embed: { embed(next.embed($0)) },
      extract: { extract($0).flatMap(next.extract) }
    )
  }
}

/// A case path into an action enum: how a child's actions sit inside a parent's actions.
/// `Sendable`, as every ``CasePath`` is.
public typealias ActionPath<Root, Value> = CasePath<Root, Value>
