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
/// For an actor of its own, the runtime's check (`preconditionIsolated`) decides; its trap says
/// "Incorrect actor executor assumption" and names the actor. For the main actor the runtime's
/// trap says nothing, so the store decides itself and names the misuse: a read is on the main
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

  init(_ actor: any Actor) {
    isMainActor = actor === MainActor.shared
    self.actor = isMainActor ? nil : actor
  }

  /// The actor, while it lives.
  var current: (any Actor)? { isMainActor ? MainActor.shared : actor }

  /// Traps unless the caller is on the actor, with `message` for the main actor. Once the actor
  /// is gone nothing can run on it, so there is nothing to check.
  func check(_ message: @autoclosure () -> String) {
    guard isMainActor else {
      actor?.preconditionIsolated(message())
      return
    }
    if DispatchQueue.getSpecific(key: Self.mainQueueKey) == true || Self.isMainThread { return }
    preconditionFailure(message())
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
