#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How deep the current thread is in output deliveries that started inside other output
/// deliveries, and the deliveries that waited because it was too deep.
///
/// An output is handed to the host inside the feature's `send`; a handler that sends to
/// another feature which emits in turn nests one delivery inside the other, on the same
/// thread. A chain of thousands of features would nest thousands of deliveries and overflow
/// the thread's stack. Past ``limit`` nested deliveries, a delivery waits in this thread's
/// queue instead, and the outermost delivery runs the waiting ones, in order, before it
/// returns: every output of a chain still reaches its host within the first `send`, however
/// long the chain.
///
/// One record per thread, found through a `pthread` key: deliveries are synchronous, so no
/// task switch happens inside one, and the thread is the right scope. The record is never
/// shared between threads.
@usableFromInline
struct OutputNesting {
  /// Deliveries nested deeper than this wait for the outermost one instead of recursing.
  @usableFromInline static let limit = 64

  @usableFromInline var depth = 0
  private var waiting: [() -> Void] = []

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // A thread's record goes with the thread.
    let status = pthread_key_create(&key) { record in
      guard let record else { return }
      let nesting = record.assumingMemoryBound(to: OutputNesting.self)
      nesting.deinitialize(count: 1)
      nesting.deallocate()
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// The current thread's record, made on its first delivery.
  @usableFromInline static var current: UnsafeMutablePointer<OutputNesting> {
    if let record = pthread_getspecific(key) {
      return record.assumingMemoryBound(to: OutputNesting.self)
    }
    let record = UnsafeMutablePointer<OutputNesting>.allocate(capacity: 1)
    record.initialize(to: OutputNesting())
    let status = pthread_setspecific(key, record)
    precondition(status == 0, "pthread_setspecific failed: \(status)")
    return record
  }

  /// Enters one more nested delivery on this thread, or returns `false` when the thread is
  /// already ``limit`` deliveries deep: the caller then hands its delivery to ``wait(_:)``.
  /// Every `true` is matched by one ``leave()`` once the delivery is done.
  @usableFromInline
  static func enter() -> Bool {
    let record = current
    guard record.pointee.depth < limit else { return false }
    record.pointee.depth += 1
    return true
  }

  /// Leaves a delivery ``enter()`` let in; the outermost one runs the deliveries that waited.
  @usableFromInline
  static func leave() {
    let record = current
    record.pointee.depth -= 1
    if record.pointee.depth == 0, !record.pointee.waiting.isEmpty { runWaiting(record) }
  }

  /// Keeps `deliver` until the outermost delivery on this thread is done.
  @usableFromInline
  static func wait(_ deliver: @escaping () -> Void) {
    current.pointee.waiting.append(deliver)
  }

  /// Runs the waiting deliveries in order, each as if one level deep, so that those it nests
  /// wait in turn instead of starting another pass of their own.
  private static func runWaiting(_ record: UnsafeMutablePointer<OutputNesting>) {
    record.pointee.depth = 1
    var next = 0
    while next < record.pointee.waiting.count {
      let deliver = record.pointee.waiting[next]
      next += 1
      deliver()
    }
    record.pointee.waiting.removeAll()
    record.pointee.depth = 0
  }
}
