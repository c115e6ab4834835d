extension StoreRuntime {
  /// Calls every observer with the state, once for the batch of actions just handled.
  ///
  /// The pass iterates a copy of the observer list, which keeps every observer in it alive:
  /// an observer may register or cancel observers meanwhile, and those changes go to
  /// `observers`, not to the copy. Each observer is therefore lent to the loop body
  /// (`Unretained`, the copy being its owner) rather than copied out, which cost a retain and
  /// release of the observer's references per observer per pass (docs/performance.md).
  @inlinable
  func notifyObservers() {
    if observers.isEmpty { return }
    var sawCancelled = false
    // One read of the state for the whole pass: reading the property per observer would copy
    // the root state once per observer.
    let state = state
    let all = observers
    all.withUnsafeBufferPointer { observers in
      for index in observers.indices {
        Unretained(observers[index]).lend { observer in
          if observer.flag.isCancelled {
            sawCancelled = true
          } else if observer.takeChange() {
            observer.body(state)
          }
        }
      }
    }
    if sawCancelled { removeCancelledObservers() }
  }

  /// Registers `observer`. Observers whose token was released are dropped here too, in
  /// amortized O(1): a store that is never sent to (an idle feature whose host makes a view
  /// store per render) would otherwise keep every one it ever had, and its next send would walk
  /// them all.
  @usableFromInline
  func addObserver(_ observer: Observer) {
    if observers.count >= observerPruneThreshold {
      removeCancelledObservers()
      observerPruneThreshold = Swift.max(16, observers.count * 2)
    }
    observers.append(observer)
  }

  @usableFromInline
  func removeCancelledObservers() {
    // Filter into a new array and let the old one (with the dropped observers, whose closures
    // may hold objects with a deinit that observes or sends) be destroyed after the write.
    let all = observers
    observers = all.filter { !$0.flag.isCancelled }
  }
}
