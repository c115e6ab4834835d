// The lock StoreKernel's `LockedValue` is built on, under the same load as
// synchronization-mutex.swift. ThreadSanitizer reports nothing here.
import Dispatch
import Glibc

final class Locked<Value>: @unchecked Sendable {
  // SAFETY: `value` is only reached between pthread_mutex_lock and pthread_mutex_unlock.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value
  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }
  func withLock<R>(_ body: (inout Value) -> R) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}

let box = Locked([Int]())
DispatchQueue.concurrentPerform(iterations: 4) { _ in
  for i in 0..<200_000 { box.withLock { $0.append(i); if $0.count > 100 { $0.removeAll() } } }
}
print("done")
