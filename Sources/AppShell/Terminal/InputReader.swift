import FeatureBridge
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads standard input on its own thread (blocking reads must not occupy the two-thread
/// cooperative pool) and yields one batch of key presses per read: a fast paste or burst of
/// typing becomes one batch, so the shell renders once for it.
enum InputReader {
  static func keyBatches() -> AsyncStream<[KeyPress]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [KeyPress].self)
    let thread = Thread {
      var decoder = KeyDecoder()
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        // A lone ESC is the Escape key unless the rest of a sequence follows at once.
        if decoder.isAwaitingEscapeSequence, !hasInput(withinMilliseconds: 50) {
          continuation.yield(decoder.finish())
          continue
        }
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 {
          let rest = decoder.finish()
          if !rest.isEmpty { continuation.yield(rest) }
          continuation.finish()
          return
        }
        let keys = decoder.decode(buffer[0..<count])
        if !keys.isEmpty { continuation.yield(keys) }
      }
    }
    thread.name = "stdin"
    thread.start()
    return stream
  }

  private static func hasInput(withinMilliseconds timeout: Int32) -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, timeout) != 0
  }
}
