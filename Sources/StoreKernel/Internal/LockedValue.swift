#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the one lock every module of this package uses.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over through a futex
/// inside the prebuilt, uninstrumented Synchronization library, so ThreadSanitizer never sees
/// the happens-before edge and reports the accesses it protects as races. ThreadSanitizer
/// intercepts `pthread_mutex_lock` and `pthread_mutex_unlock` wherever they are called, so every
/// hand-over of this lock is visible to it (docs/reliability.md, "Sanitizers").
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// ```
///
/// `Sendable` when `Value` is: the value is only reached inside ``withLock(_:)``.
@usableFromInline
package final class LockedValue<Value> {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline var value: Value

  /// Creates the lock, unlocked, around `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// Keep `body` short and never call code in it that could take the same lock: the lock is
  /// not recursive.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body(&value)
  }

  // Out of line, so that the inlinable `withLock` need not see the C library.
  @usableFromInline
  func lock() {
    let status = pthread_mutex_lock(mutex)
    precondition(status == 0, "pthread_mutex_lock failed: \(status)")
  }

  @usableFromInline
  func unlock() {
    let status = pthread_mutex_unlock(mutex)
    precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
  }
}

// SAFETY: `value` is read and written only inside `withLock`, which holds `mutex`; the mutex
// pointer is written once, in `init`.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
