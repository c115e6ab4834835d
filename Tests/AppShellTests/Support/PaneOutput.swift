import Dispatch
import Foundation
import MultiStorePrimitives
import StoreKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signal that a tmux pane has written something, so a test waits for the screen it expects
/// without polling: tmux copies the pane's output into a FIFO (`pipe-pane`) once it has parsed
/// that output into the screen, and each chunk read here moves ``generation`` on. A test reads
/// the screen, and if it is not yet what it expects, waits for the next chunk
/// (``next(after:until:)``) and reads it again.
///
/// `Sendable`: the generation and the waiters are behind a lock; the FIFO is read on a dispatch
/// source's queue.
final class PaneOutput: Sendable {
  private struct Waiter {
    let id: Int
    let after: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var generation = 0
    var nextID = 0
    var waiters: [Waiter] = []
    var stopped = false
  }

  /// Where tmux writes the pane's output.
  let fifo: String
  private let state = LockedValue(State())
  // SAFETY: set once in `init`; a dispatch source's `cancel()` may be called from any thread.
  nonisolated(unsafe) private let source: any DispatchSourceRead

  /// Makes the FIFO and starts reading it. Opened for reading and writing, so the read side
  /// never sees an end of file while tmux has not opened it yet, or after it stops writing.
  init() throws {
    fifo =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("AppShellTests-pane-\(UUID().uuidString)").path
    guard mkfifo(fifo, 0o600) == 0 else {
      throw TmuxServer.Failure(description: "mkfifo \(fifo): \(String(cString: strerror(errno)))")
    }
    let descriptor = open(fifo, O_RDWR | O_NONBLOCK)
    guard descriptor >= 0 else {
      unlink(fifo)
      throw TmuxServer.Failure(description: "open \(fifo): \(String(cString: strerror(errno)))")
    }
    source = DispatchSource.makeReadSource(
      fileDescriptor: descriptor, queue: DispatchQueue(label: "pane-output"))
    source.setEventHandler { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { self?.advance() }
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
  }

  /// How many chunks of output have arrived so far.
  var generation: Int { state.withLock { $0.generation } }

  /// Returns once output arrives after `generation`, or at `deadline`, whichever is first (the
  /// deadline only bounds a failure).
  func next(after generation: Int, until deadline: ContinuousClock.Instant) async {
    await withCheckedContinuation { continuation in
      let id = state.withLock { state -> Int? in
        guard state.generation <= generation else { return nil }
        state.nextID += 1
        state.waiters.append(
          Waiter(id: state.nextID, after: generation, continuation: continuation))
        return state.nextID
      }
      guard let id else {
        continuation.resume()
        return
      }
      let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
      let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        [weak self] in
        self?.resume { $0.id == id }
      }
    }
  }

  /// Stops reading and removes the FIFO.
  func stop() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    guard first else { return }
    source.cancel()
    unlink(fifo)
    resume { _ in true }
  }

  private func advance() {
    let generation = state.withLock { state in
      state.generation += 1
      return state.generation
    }
    resume { $0.after < generation }
  }

  private func resume(where isDue: (Waiter) -> Bool) {
    let due = state.withLock { state -> [Waiter] in
      let due = state.waiters.filter(isDue)
      state.waiters.removeAll(where: isDue)
      return due
    }
    for waiter in due { waiter.continuation.resume() }
  }

  deinit {
    stop()
  }
}
