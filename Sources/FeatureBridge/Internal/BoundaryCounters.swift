import Synchronization

/// A boundary's own counts. Both are written only on the store's actor (single writer), so
/// they use a relaxed load and store rather than a locked add.
@usableFromInline
final class BoundaryCounters: Sendable {
  let inputsDelivered = Atomic<Int>(0)
  let outputsEmitted = Atomic<Int>(0)

  @usableFromInline
  init() {}

  @usableFromInline
  func add(inputs count: Int) {
    inputsDelivered.store(inputsDelivered.load(ordering: .relaxed) &+ count, ordering: .relaxed)
  }

  @usableFromInline
  func addOutput() {
    outputsEmitted.store(outputsEmitted.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
  }
}
