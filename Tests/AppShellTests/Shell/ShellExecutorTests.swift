import MultiStorePrimitives
import Testing

@testable import AppShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shell's thread: jobs of the actor run on it, from any thread, and while an input watch
/// is set, its descriptor's input is handed to the watch on the same thread, followed by one
/// `idle` once nothing else waits.
@Suite struct ShellExecutorTests {
  @Test func jobsFromOtherThreadsRunOnTheShellsThread() async {
    let onLoop = await Task.detached { await Self.onShellActor() }.value
    #expect(onLoop)
    #expect(!ShellExecutor.shared.isOnLoopThread)
  }

  @ShellActor static func onShellActor() -> Bool {
    ShellExecutor.shared.isOnLoopThread
  }

  @Test @ShellActor func aWatchedDescriptorsInputIsReadOnTheShellsThreadThenIdleFollows() async {
    var descriptors: [Int32] = [-1, -1]
    #expect(pipe(&descriptors) == 0)
    defer {
      close(descriptors[0])
      close(descriptors[1])
    }
    let events = LockedValue<[String]>([])
    let done = LockedValue<CheckedContinuation<Void, Never>?>(nil)
    await withCheckedContinuation { continuation in
      done.withLock { $0 = continuation }
      TerminalInputWatch.current = TerminalInputWatch(
        descriptor: descriptors[0], timeout: { nil },
        readable: {
          var byte: UInt8 = 0
          _ = read(descriptors[0], &byte, 1)
          events.withLock {
            $0.append(
              "read \(Character(Unicode.Scalar(byte))) on loop: \(ShellExecutor.shared.isOnLoopThread)"
            )
          }
        },
        timedOut: {},
        idle: {
          let read = events.withLock { events in
            if events.last?.hasPrefix("read") == true { events.append("idle") }
            return events.count
          }
          if read >= 2 {
            TerminalInputWatch.current = nil
            done.withLock {
              $0?.resume(); $0 = nil
            }
          }
        })
      // From another thread, as a terminal would.
      let writer = descriptors[1]
      Task.detached {
        var byte = UInt8(ascii: "k")
        _ = write(writer, &byte, 1)
      }
    }
    #expect(events.withLock { $0 } == ["read k on loop: true", "idle"])
  }
}
