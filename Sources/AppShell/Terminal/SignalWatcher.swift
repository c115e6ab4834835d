import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals into callbacks on a dispatch queue: SIGWINCH (resize), SIGTSTP (suspend, as
/// `kill -TSTP` sends it; Ctrl-Z arrives as a key in raw mode), SIGCONT (continued from
/// outside), and the signals that would otherwise kill the process with the terminal still in
/// raw mode (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM): those quit
/// gracefully, saving first.
///
/// `cancel()` gives every signal its default action back: a second SIGTERM or Ctrl-C while
/// the app saves on its way out ends it at once, as users expect of a terminal program.
final class SignalWatcher {
  private let sources: [any DispatchSourceSignal]
  private let numbers: [Int32]

  init(
    onResize: @escaping @Sendable () -> Void,
    onSuspend: @escaping @Sendable () -> Void,
    onContinue: @escaping @Sendable () -> Void,
    onTerminate: @escaping @Sendable (Int32) -> Void
  ) {
    let queue = DispatchQueue(label: "signals")
    var handlers: [(Int32, @Sendable () -> Void)] = [
      (SIGWINCH, onResize), (SIGTSTP, onSuspend), (SIGCONT, onContinue),
    ]
    for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM] {
      handlers.append((number, { onTerminate(number) }))
    }
    var sources: [any DispatchSourceSignal] = []
    for (number, handler) in handlers {
      if number != SIGCONT { signal(number, SIG_IGN) }
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler(handler: handler)
      source.resume()
      sources.append(source)
    }
    self.sources = sources
    self.numbers = handlers.map(\.0)
  }

  func cancel() {
    for source in sources { source.cancel() }
    for number in numbers { signal(number, SIG_DFL) }
  }
}
