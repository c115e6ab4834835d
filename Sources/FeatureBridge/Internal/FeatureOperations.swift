public import StoreKernel

/// What a feature does that must run specialized for its reducer's types, formed in one place.
///
/// Swift compiles a generic function once, for every type, passing the types at run time,
/// unless a caller knows the types and can see the function's body; then it compiles a copy
/// for them. A keystroke through generic code looks up generic metadata and boxes values on its
/// way, several times the cost of the specialized copy (docs/performance.md). Hosts often hold
/// features where their types are not known: an app's list of declarations, a presenting
/// feature's launcher.
///
/// So each host-facing entry (starting a recipe's feature in a store of its own, delivering
/// inputs, making a view store) is a closure in this table, formed by `init`. `init` is
/// `@inlinable` and takes no actor, so Swift specializes it wherever the reducer's type is
/// known: in a feature module's `recipe` (``FeatureRecipe`` keeps the table) and in
/// `FeatureHandle.start(name:initialState:reducer:inputs:delivery:withDependencies:isolation:)`.
/// Whoever calls a closure of the table then runs the specialized code, from any context.
/// Outside this table only the view store's audited storage forms a closure for the compiler's
/// sake (each read's comparison, `ViewStoreStorage.Read.takeIfChanged`;
/// docs/decisions/0018-one-specialization-point.md).
///
/// Not `Sendable`: its closures take the feature's host and recipe, which belong to the host's
/// actor.
@usableFromInline
struct FeatureOperations<R: Reducer> where R.Action: BoundaryAction {
  /// Starts a recipe's feature in a store of its own.
  @usableFromInline let start:
    (
      _ recipe: FeatureRecipe<R>, _ inputs: AsyncStream<R.Action.Input>?,
      _ hostDependencies: (inout DependencyValues) -> Void, _ isolation: isolated any Actor
    ) -> FeatureHandle<R.Action.Input, R.Action.Output>

  /// ``FeatureHost/deliverPending(upTo:)``.
  @usableFromInline let deliverPending: (_ host: FeatureHost<R>, _ limit: Int) -> Bool

  /// ``FeatureHost/makeViewStoreNow()``.
  @usableFromInline let makeViewStore: (_ host: FeatureHost<R>) -> AnyObject?

  /// The table for `R`: call it where `R` is known.
  @inlinable
  init() {
    start = { recipe, inputs, hostDependencies, isolation in
      FeatureHandle.start(
        name: recipe.name, initialState: recipe.initialState(), reducer: recipe.reducer,
        inputs: inputs, delivery: recipe.delivery,
        withDependencies: {
          recipe.dependencies(&$0)
          hostDependencies(&$0)
        },
        isolation: isolation)
    }
    deliverPending = { host, limit in host.deliverPending(upTo: limit) }
    makeViewStore = { host in host.makeViewStoreNow() }
  }
}
