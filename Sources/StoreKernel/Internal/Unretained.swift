/// A reference to an object that something else owns, kept without a retain and lent to a call
/// without one. The one place in StoreKernel that holds or lends a reference unretained, or
/// casts one without a check; every other reference in the module is an ordinary strong (or
/// weak) one, and every other cast is checked.
///
/// What it is for: the few references the hot paths touch on every action, where a retain and
/// a release cost a measurable share of the action (3 – 7 ns each, docs/performance.md): the
/// store's own source (`Store.send`), the counters of a scoped store's ancestors
/// (`ScopedSource.countReceived`), the observer being called in a pass
/// (`StoreRuntime.notifyObservers`), the reducer's dependencies in their per-thread slot
/// (`ReducerDependencies`), and a dependency value's box (`AnyDependencyBox.value(of:)`).
///
/// What each caller must uphold:
/// - **An owner keeps the object alive for as long as the value is used.** Making one retains
///   nothing, so the object may go the moment its last strong reference does; using the value
///   after that (lending, or taking `object`) is a use after free. Each caller names the owner
///   at its declaration: a `let` of the same object beside it, an array that a loop holds, the
///   caller of a method, or the `withExtendedLifetime` around the value's use.
/// - **An object referred to by its known type is of that type.** `init(knownType:)` skips the
///   check a cast would make (in generic code, a lookup of the type's metadata: a checked cast
///   in `DependencyValues`' read of a value took that read from 1,212 to 1,586 instructions a
///   send). The caller states why the type cannot be another: the one caller stores boxes only
///   under their own key's identifier. Debug builds still check.
/// - **A lent object is used only for the call it is lent to.** `lend` hands `body` the object
///   without a retain: the owner's reference is what keeps it alive during the call, so the
///   owner must not let it go before `body` returns. To keep the object beyond the call, take a
///   strong reference (`object`, or let `body` copy it out: a copy is retained as usual).
///
/// Checked by its tests (`UnretainedTests`) and, with every kernel test, under AddressSanitizer
/// in CI (scripts/sanitizers.sh).
@usableFromInline
struct Unretained<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>

  /// Refers to `object` without retaining it; its owner keeps it alive.
  @inlinable @inline(__always)
  init(_ object: Object) {
    reference = Unmanaged.passUnretained(object)
  }

  /// Refers to `object`, which the caller knows to be an `Object`, without retaining it and
  /// without checking its type (debug builds check it).
  @inlinable @inline(__always)
  init(knownType object: AnyObject) {
    reference = Unmanaged.passUnretained(unsafeDowncast(object, to: Object.self))
  }

  /// Calls `body` with the object, without a retain or release around the call.
  ///
  /// Always inlined, so that generic code (a dependency's read) needs no metadata for it, and
  /// `rethrows` like the standard library's call it wraps: with a non-throwing `body` passed on
  /// to it, a notification pass took one more instruction per observer.
  ///
  /// - Parameter body: Uses the object; it is alive for the call because its owner is.
  /// - Returns: What `body` returns.
  @inlinable @inline(__always)
  func lend<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
    try reference._withUnsafeGuaranteedRef(body)
  }

  /// The object, as a strong reference: retained from here on, like any other.
  @inlinable @inline(__always)
  var object: Object {
    reference.takeUnretainedValue()
  }
}
