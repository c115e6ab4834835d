import MultiStorePrimitives

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one thread ``ShellActor`` runs on: a loop that runs the actor's jobs and, while the
/// interactive session is on, also waits for the terminal's input, so that a key is read,
/// handled and drawn by the thread the kernel woke for it. On the cooperative pool, a key went
/// from an input thread through two `AsyncStream`s to the actor: three threads woken per key
/// (docs/performance.md, "Side by side with nano and vim").
///
/// The loop: run every queued job; then, with nothing queued, call the input watch's `idle`
/// (the session draws its frame there, once for everything that happened); then sleep in
/// `poll` on the wake pipe and the watched descriptor. A job enqueued from another thread
/// writes one byte to the wake pipe, only when the loop sleeps.
///
/// The app runs the loop on its main thread (``runOnCurrentThread()``); in any other process
/// (the tests) the first job starts a thread for it.
///
/// `Sendable`: the queue and the loop's state are behind a lock.
final class ShellExecutor: SerialExecutor, @unchecked Sendable {
  // SAFETY: `state` is a lock; `wakeRead` and `wakeWrite` are set once in `init`; `loopThread`
  // is written once, under `state`'s lock, before the loop runs its first job, and only read
  // after that.
  private struct State {
    var jobs: [UnownedJob] = []
    /// The loop is in `poll`, or about to be: an enqueue must wake it.
    var sleeping = false
    var started = false
  }

  /// The executor of ``ShellActor``.
  static let shared = ShellExecutor()

  private let state = LockedValue(State())
  private let wakeRead: Int32
  private let wakeWrite: Int32
  // SAFETY: set once, under `state`'s lock, by the loop's thread before it runs a job (see the
  // type's comment); read after that only.
  private nonisolated(unsafe) var loopThread: pthread_t?

  private init() {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { fatalError("ShellExecutor: pipe() failed: \(errno)") }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    wakeRead = descriptors[0]
    wakeWrite = descriptors[1]
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let (wake, start) = state.withLock { state in
      state.jobs.append(job)
      defer {
        state.sleeping = false
        state.started = true
      }
      return (state.sleeping, !state.started)
    }
    if start { startThread() }
    if wake { wakeLoop() }
  }

  /// Makes the loop's next `poll` return at once (the input watch changed, or the session has
  /// something to draw).
  func wake() {
    if state.withLock({ state in
      defer { state.sleeping = false }; return state.sleeping
    }) {
      wakeLoop()
    }
  }

  func checkIsolated() {
    precondition(isOnLoopThread, "not on the shell's thread (ShellExecutor)")
  }

  func isIsolatingCurrentContext() -> Bool? {
    isOnLoopThread
  }

  /// Whether the caller is the loop's thread.
  var isOnLoopThread: Bool {
    guard let loopThread else { return false }
    return pthread_equal(loopThread, pthread_self()) != 0
  }

  /// Runs the loop on the calling thread, forever, after `start` (which may enqueue the first
  /// jobs): the app's main thread calls it once, before anything else could start a thread for
  /// the loop.
  ///
  /// - Parameter start: What to do once the thread is the loop's.
  func runOnCurrentThread(_ start: () -> Void) -> Never {
    let claimed = state.withLock { state in
      defer { state.started = true }
      return !state.started
    }
    precondition(claimed, "ShellExecutor: the loop already runs on another thread")
    start()
    runLoop()
  }

  private func startThread() {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let result = pthread_create(
      &thread, nil,
      { context in
        let executor = Unmanaged<ShellExecutor>.fromOpaque(context!).takeRetainedValue()
        executor.runLoop()
      }, context)
    precondition(result == 0, "ShellExecutor: pthread_create failed: \(result)")
    pthread_detach(thread)
  }

  private func runLoop() -> Never {
    state.withLock { _ in loopThread = pthread_self() }
    let executor = asUnownedSerialExecutor()
    while true {
      while let jobs = takeJobs() {
        for job in jobs { job.runSynchronously(on: executor) }
      }
      let watch = ShellActor.assumeIsolated { TerminalInputWatch.current }
      if let watch {
        ShellActor.assumeIsolated { watch.idle() }
      }
      guard
        state.withLock({ state in
          state.sleeping = state.jobs.isEmpty
          return state.sleeping
        })
      else { continue }
      sleep(watching: watch)
    }
  }

  /// Every queued job, or `nil` when there is none.
  private func takeJobs() -> [UnownedJob]? {
    state.withLock { state in
      guard !state.jobs.isEmpty else { return nil }
      defer { state.jobs = [] }
      return state.jobs
    }
  }

  /// Waits in `poll` for a wake byte or for the watched descriptor, then tells the watch.
  private func sleep(watching watch: TerminalInputWatch?) {
    let timeout = watch.map { watch in ShellActor.assumeIsolated { watch.timeout } } ?? nil
    var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
    if let watch {
      descriptors.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0))
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), timeout ?? -1)
    state.withLock { $0.sleeping = false }
    if descriptors[0].revents != 0 { drainWakePipe() }
    guard let watch, ready >= 0 else { return }
    if descriptors.count > 1, descriptors[1].revents != 0 {
      ShellActor.assumeIsolated { watch.readable() }
    } else if ready == 0, timeout != nil {
      ShellActor.assumeIsolated { watch.timedOut() }
    }
  }

  private func wakeLoop() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func drainWakePipe() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
  }
}

/// A descriptor the shell's loop watches besides its jobs (the terminal's input, while the
/// interactive session runs), and what to do when it is readable, when it stayed quiet for
/// `timeout` milliseconds, and each time the loop has nothing left to do.
///
/// `Sendable`: isolated to ``ShellActor``.
@ShellActor
final class TerminalInputWatch {
  /// The watch the loop uses; `nil` outside the interactive session.
  static var current: TerminalInputWatch? {
    didSet { ShellExecutor.shared.wake() }
  }

  let descriptor: Int32
  /// How long to wait for input before `timedOut`, in milliseconds; `nil` to wait for ever.
  var timeout: Int32? { timeoutProvider() }
  let readable: () -> Void
  let timedOut: () -> Void
  let idle: () -> Void
  private let timeoutProvider: () -> Int32?

  init(
    descriptor: Int32, timeout: @escaping () -> Int32?, readable: @escaping () -> Void,
    timedOut: @escaping () -> Void, idle: @escaping () -> Void
  ) {
    self.descriptor = descriptor
    self.timeoutProvider = timeout
    self.readable = readable
    self.timedOut = timedOut
    self.idle = idle
  }
}
