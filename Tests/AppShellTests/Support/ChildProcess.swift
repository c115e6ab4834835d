import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to completion with a clean signal state and returns what it printed.
///
/// Not Foundation's `Process`: the test runner's threads block most signals, and a child
/// spawned by `Process` inherits that mask. A tmux server started that way never sees SIGCHLD
/// or SIGTERM, so `kill-server` cannot stop it. Here every signal is unblocked and reset to its
/// default action in the child, and the child is reaped with `waitpid`.
///
/// ``run(_:arguments:environment:input:timeLimit:)`` waits on a thread of its own and suspends
/// the test meanwhile: the concurrency pool has as many threads as the machine has cores (two
/// on a small machine), and a test that blocked one of them for a child's whole run starved
/// every test running beside it.
///
/// A child that outlives its time limit is killed (SIGKILL) by a watchdog and the run throws:
/// a hung app fails its test instead of hanging the whole suite.
enum ChildProcess {
  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment.
  ///   - input: What it reads on standard input (`/dev/null` when `nil`).
  ///   - timeLimit: How long it may run before the watchdog kills it.
  static func run(
    _ executable: String, arguments: [String], environment: [String: String],
    input: String? = nil, timeLimit: Duration = .seconds(300)
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Result, any Error>) in
      Thread.detachNewThread {
        done.resume(
          with: Swift.Result {
            try runBlocking(
              executable, arguments: arguments, environment: environment, input: input,
              timeLimit: timeLimit)
          })
      }
    }
  }

  /// ``run(_:arguments:environment:input:timeLimit:)`` on the calling thread, which it blocks
  /// until the child has ended: only ever on the thread `run` starts for it.
  private static func runBlocking(
    _ executable: String, arguments: [String], environment: [String: String],
    input: String? = nil, timeLimit: Duration = .seconds(300)
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("AppShellTests-child-\(UUID().uuidString)").path
    let outputPath = scratch + ".out"
    let errorsPath = scratch + ".err"
    let inputPath = scratch + ".in"
    defer {
      for path in [outputPath, errorsPath, inputPath] {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    if let input {
      guard FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)) else {
        throw Failure(description: "cannot write the child's input to \(inputPath)")
      }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
      &actions, 0, input == nil ? "/dev/null" : inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }

    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw Failure(
        description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    // Wait for the exit without reaping (WNOWAIT), stop the watchdog, then reap: the watchdog
    // can only ever signal our own child, never a process that reused its pid.
    let watchdog = Watchdog(pid: pid, after: timeLimit)
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
      guard errno == EINTR else {
        watchdog.cancel()
        throw Failure(description: "waitid failed: \(String(cString: strerror(errno)))")
      }
    }
    let killed = watchdog.cancel()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))")
      }
    }
    if killed {
      throw Failure(
        description: "\(executable) \(arguments.joined(separator: " ")) was still running after "
          + "\(timeLimit) and was killed")
    }
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Result(
      status: exitStatus,
      output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")
  }
}

/// Kills a child that runs longer than its time limit.
private final class Watchdog: @unchecked Sendable {
  // SAFETY: `fired` and `cancelled` are only touched under `lock`.
  private let lock = NSLock()
  private var fired = false
  private var cancelled = false

  init(pid: pid_t, after limit: Duration) {
    let (seconds, attoseconds) = limit.components
    let deadline =
      DispatchTime.now()
      + .nanoseconds(
        Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    DispatchQueue.global().asyncAfter(deadline: deadline) { [self] in
      lock.lock()
      defer { lock.unlock() }
      // The child is reaped only after `cancel()`, so the pid is still our child's here.
      guard !cancelled else { return }
      fired = true
      kill(pid, SIGKILL)
    }
  }

  /// Stops the watchdog; returns whether it had already killed the child.
  @discardableResult
  func cancel() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    cancelled = true
    return fired
  }
}
