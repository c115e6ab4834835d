import MultiStorePrimitives
import StoreKernel

/// A thread-safe list that effects, sinks and issue matchers append to from any thread.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = LockedValue<[Element]>([])

  /// Everything recorded so far, in order.
  var values: [Element] { storage.withLock { $0 } }

  /// Appends `element`.
  func record(_ element: Element) {
    storage.withLock { $0.append(element) }
  }
}
