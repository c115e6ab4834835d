public import StoreKernel

/// The streaming shared value of seed 002's pattern, now the kernel's `Shared`:
/// one concept under TCA's name (docs/decisions/0014-shared-state.md). `SharedValue(0)`,
/// `value`, `update`, `set` and `values()` keep working, with every holder's writes streamed
/// to every subscriber.
///
/// ```swift
/// let favorites = SharedValue<Set<Int>>([])
/// favorites.update { _ = $0.insert(42) }
/// for await value in favorites.values() {
///   print(value)  // [42] first, then every later change
/// }
/// ```
///
/// `Sendable`, as `Shared`.
public typealias SharedValue<Value: Sendable> = Shared<Value>
