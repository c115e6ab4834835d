import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks that the caller is on a store's actor, trapping when it is not.
///
/// Only public checks. For an actor of its own the store asks `preconditionIsolated`, whose
/// trap is the runtime's ("Incorrect actor executor assumption", naming the actor): the
/// runtime's question without its trap is private, and looking it up cost the kernel a bit-cast
/// of a private symbol (docs/performance.md, "The isolation check on public API"). An actor with
/// a custom executor that can say whether it isolates the calling context
/// (`isIsolatingCurrentContext`) is asked that first. For the main actor the store decides
/// itself, and traps naming the misuse (and ADR 0001's Traps section): a read is on the main
/// actor when it runs on the main queue (its executor; after `dispatchMain()` a worker thread
/// may drain it, so the thread alone does not tell) or, in synchronous top-level code, on the
/// main thread outside any queue. Only the second case, rare, costs more than a queue-specific
/// lookup.
///
/// Not `Sendable`: part of a store, confined to its actor.
struct IsolationCheck {
  /// Another actor, held weakly; `nil` for the main actor, which lives as long as the process
  /// (a weak reference to it would give it a side table that is never freed).
  private weak let actor: (any Actor)?
  private let isMainActor: Bool
  /// Whether the actor runs on the runtime's default executor, asked once: an actor's executor
  /// does not change.
  private let isDefaultActor: Bool

  init(_ actor: any Actor) {
    isMainActor = actor === MainActor.shared
    self.actor = isMainActor ? nil : actor
    isDefaultActor = !isMainActor && Self.isDefaultActor(actor)
  }

  /// The actor, while it lives.
  var current: (any Actor)? { isMainActor ? MainActor.shared : actor }

  /// Traps unless the caller is on the actor (with `message` for the main actor). Once the actor
  /// is gone nothing can run on it, so there is nothing to check.
  func check(_ message: @autoclosure () -> String) {
    guard isMainActor else {
      guard let actor else { return }
      if !isDefaultActor, Self.executorIsolatesCurrentContext(actor.unownedExecutor) {
        // Outside any task on an actor with a custom executor (a host's run loop): an executor
        // that can say whether it isolates this context answers directly, where the runtime's
        // check would ask it again through `checkIsolated`, at a few times the cost.
        return
      }
      actor.preconditionIsolated(message())
      return
    }
    if DispatchQueue.getSpecific(key: Self.mainQueueKey) == true || Self.isMainThread { return }
    preconditionFailure(message())
  }

  /// Whether `executor` says it isolates the calling context (`isIsolatingCurrentContext()`
  /// answers `true`); `false` when it says not, or cannot tell.
  private static func executorIsolatesCurrentContext(_ executor: UnownedSerialExecutor) -> Bool {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *),
      let serial = executor.asSerialExecutor()
    else { return false }
    return serial.isIsolatingCurrentContext() == true
  }

  /// Whether `actor` runs on the runtime's default executor: then the runtime's answer never
  /// needs `checkIsolated`. Such an actor's executor, asked for as a serial executor, is the
  /// actor itself; a custom executor is an object of its own.
  private static func isDefaultActor(_ actor: any Actor) -> Bool {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return false }
    return (actor.unownedExecutor.asSerialExecutor() as AnyObject?) === actor
  }

  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether this is the process's first thread: on Linux, the thread whose id is the process's
  /// (`/proc/thread-self` names it `PID/task/TID`; the C library's module exports no `gettid`).
  private static var isMainThread: Bool {
    #if canImport(Darwin)
      return pthread_main_np() != 0
    #else
      var buffer = [CChar](repeating: 0, count: 64)
      let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
      guard length > 0 else { return false }
      let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let parts = path.split(separator: "/")
      return parts.count == 3 && parts[0] == parts[2]
    #endif
  }
}
