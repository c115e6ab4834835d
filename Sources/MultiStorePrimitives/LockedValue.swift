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
/// The value and the mutex share one allocation. Copies of a `LockedValue` share it too: it is a
/// reference to the locked value, like a class.
///
/// ```swift
/// let counter = LockedValue(0)
/// DispatchQueue.concurrentPerform(iterations: 4) { _ in
///   for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
/// }
/// ```
///
/// `Sendable` when `Value` is: the value is only reached inside ``withLock(_:)``.
@usableFromInline
package struct LockedValue<Value> {
  @usableFromInline let storage: LockedStorage<Value>

  /// Creates the lock, unlocked, around `value`.
  package init(_ value: Value) {
    storage = LockedStorage<Value>.make(value)
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// Keep `body` short and never call code in it that could take the same lock: the lock is
  /// not recursive.
  @inlinable
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    storage.lock()
    defer { storage.unlock() }
    return try storage.withUnsafeMutablePointerToHeader { value throws(Failure) in
      try body(&value.pointee)
    }
  }
}

// SAFETY: the value is read and written only inside `withLock`, which holds the mutex.
extension LockedValue: @unchecked Sendable where Value: Sendable {}

// Reflection (a test failure describing an object graph, `dump`) would read the value without
// the lock while another thread may be changing it: it shows no children.
extension LockedValue: CustomReflectable {
  /// An empty mirror: the value is only reachable under the lock.
  @usableFromInline package var customMirror: Mirror { Mirror(self, children: []) }
}

/// The allocation behind a `LockedValue`: the value as the header, and the mutex in the element
/// storage (words of it, seen as a `pthread_mutex_t` only out of line, so the C library stays
/// out of inlinable code).
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, UInt64>, CustomReflectable {
  /// An empty mirror: the value is only reachable under the lock.
  @usableFromInline var customMirror: Mirror { Mirror(self, children: []) }

  private static var mutexWords: Int {
    (MemoryLayout<pthread_mutex_t>.size + 7) / 8
  }

  static func make(_ value: Value) -> LockedStorage<Value> {
    let storage = create(minimumCapacity: mutexWords) { _ in value } as! LockedStorage<Value>
    storage.withMutex { mutex in
      mutex.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(mutex, nil)
      precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }
    return storage
  }

  deinit {
    withMutex { mutex in
      pthread_mutex_destroy(mutex)
      _ = mutex.deinitialize(count: 1)
    }
  }

  private func withMutex<Result>(
    _ body: (UnsafeMutablePointer<pthread_mutex_t>) -> Result
  )
    -> Result
  {
    withUnsafeMutablePointerToElements { words in
      UnsafeMutableRawPointer(words).withMemoryRebound(to: pthread_mutex_t.self, capacity: 1) {
        body($0)
      }
    }
  }

  @usableFromInline
  func lock() {
    let status = withMutex { pthread_mutex_lock($0) }
    precondition(status == 0, "pthread_mutex_lock failed: \(status)")
  }

  @usableFromInline
  func unlock() {
    let status = withMutex { pthread_mutex_unlock($0) }
    precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
  }
}
