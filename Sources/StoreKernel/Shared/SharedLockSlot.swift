#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which shared value's `withLock` the current thread is inside (a ``SharedBox``'s identity),
/// or 0: one word per thread, found through a `pthread` key. It tells a `withLock` inside the
/// same value's own (reported, run on a copy) or inside another's (a trap) from a wait for
/// another thread, instead of deadlocking. A change runs synchronously, so the thread is the
/// right scope: no task switch happens inside it.
enum SharedLockSlot {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // A thread's slot is freed when the thread exits.
    let status = pthread_key_create(&key) { $0?.deallocate() }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// The box whose `withLock` the current thread is inside, or 0; allocates nothing.
  static var held: UInt {
    guard let slot = pthread_getspecific(key) else { return 0 }
    return slot.assumingMemoryBound(to: UInt.self).pointee
  }

  /// The current thread's slot, allocated on the thread's first change.
  static var current: UnsafeMutablePointer<UInt> {
    if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: UInt.self) }
    let slot = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
    slot.initialize(to: 0)
    let status = pthread_setspecific(key, slot)
    precondition(status == 0, "pthread_setspecific failed: \(status)")
    return slot
  }
}
