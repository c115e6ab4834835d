import Dispatch
import FeatureBridge
import Foundation
import MultiStorePrimitives
import StoreKernel
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen app. Frames are drawn when something on screen changed, and only then:
/// the active view is rendered inside Observation tracking, the shell's state is observed, and
/// a change schedules one frame. There is no timer, so an idle app uses no CPU.
///
/// Keys are never starved by drawing: every event that is waiting (keys, changes, signals) is
/// handled before the next frame, so pending changes coalesce into one frame and a key waits
/// at most for the frame being drawn when it arrived. q, Ctrl-C and the terminating signals
/// end the app after that frame at the latest, restoring the terminal and saving first.
@ShellActor
final class InteractiveSession {
  /// Why the session ended.
  enum Ending: Equatable {
    /// The user quit (q, Ctrl-C, Ctrl-Q, Ctrl-D).
    case quit
    /// Standard input ended (the terminal went away).
    case inputEnded
    /// A signal asked the app to end (SIGTERM, SIGHUP, …): its number.
    case signal(Int32)
  }

  private enum Event: Sendable {
    /// Keys, and when the read that brought them returned.
    case keys([KeyPress], ContinuousClock.Instant)
    /// Something a rendered view read, or the shell's state, changed.
    case changed(ObjectIdentifier?)
    case resize
    case suspend
    case resumed
    case inputEnded
    case terminate(Int32)
  }

  private let app: any RunningApp
  private let composer: FrameComposer
  private var previous: [String] = []
  private var size = RawTerminal.size()
  /// The views whose last render is still tracked (no change reported since).
  private var tracked: Set<ObjectIdentifier> = []
  private var needsFrame = true
  private var forceFullFrame = true
  /// How many frames were drawn (for tests and `--stats`).
  private(set) var frames = 0
  /// Frame costs and key latencies, for `--stats`.
  private(set) var stats = FrameStats()

  init(app: any RunningApp, color: Bool) {
    self.app = app
    self.composer = FrameComposer(color: color)
  }

  /// Runs until the user quits, input ends or a signal asks the app to end; the terminal is
  /// restored when it returns.
  func run() async throws -> Ending {
    let terminal = try RawTerminal()
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    // Events posted and not yet handled: a frame is drawn only when none is waiting.
    let waiting = LockedValue(0)
    let post: @Sendable (Event) -> Void = { event in
      waiting.withLock { $0 += 1 }
      sink.yield(event)
    }
    self.post = post
    let signals = SignalWatcher(
      onResize: { post(.resize) },
      onSuspend: { post(.suspend) },
      onContinue: { post(.resumed) },
      onTerminate: { signal in
        // Give the screen back at once: no frame is painted after this, however slow the
        // graceful quit below turns out to be.
        terminal.restore()
        post(.terminate(signal))
      })
    let readKeys = Task.detached {
      for await batch in InputReader.keyBatches() { post(.keys(batch, .now)) }
      post(.inputEnded)
    }
    let shellObservation = app.shell.observe({ $0 }, onChange: { _ in post(.changed(nil)) })
    defer {
      shellObservation.cancel()
      readKeys.cancel()
      signals.cancel()
      terminal.restore()
    }
    drawFrame(on: terminal)
    for await event in events {
      waiting.withLock { $0 -= 1 }
      switch event {
      case .keys(let keys, let arrival):
        stats.keysHandled(arrivedAt: arrival)
        switch KeyRouter.route(keys, in: app) {
        case .quit:
          return .quit
        case .redraw:
          forceFullFrame = true
          needsFrame = true
        case .suspend(let remaining):
          suspend(terminal)
          if !remaining.isEmpty { post(.keys(remaining, .now)) }
        case .continueRunning:
          break
        }
      case .changed(let view):
        if let view { tracked.remove(view) }
        needsFrame = true
      case .resize:
        size = RawTerminal.size()
        forceFullFrame = true
        needsFrame = true
      case .suspend:
        suspend(terminal)
      case .resumed:
        if terminal.resume() {
          size = RawTerminal.size()
          forceFullFrame = true
          needsFrame = true
        }
      case .inputEnded:
        return .inputEnded
      case .terminate(let signal):
        return .signal(signal)
      }
      if needsFrame, waiting.withLock({ $0 }) == 0 { drawFrame(on: terminal) }
    }
    return .inputEnded
  }

  private var post: (@Sendable (Event) -> Void)?

  /// Job control: gives the terminal back, stops the process, and on `fg` takes the terminal
  /// again and redraws everything.
  private func suspend(_ terminal: RawTerminal) {
    terminal.suspend()
    // SIGSTOP cannot be caught or blocked, whatever the signal machinery did with SIGTSTP;
    // the shell sees the job stopped, and `fg` continues it here. `raise` sends it to this
    // thread, so it takes effect before `raise` returns: sent to the process (`kill`), this
    // thread could run on and take the screen back before the stop.
    raise(SIGSTOP)
    terminal.resume()
    size = RawTerminal.size()
    forceFullFrame = true
    needsFrame = true
  }

  /// Draws the frame, writing only the lines that changed since the last one.
  private func drawFrame(on terminal: RawTerminal) {
    let start = ContinuousClock.now
    needsFrame = false
    let shell = app.shell.state
    let view = app.view(at: shell.activeTab)
    let post = post
    let frame = composer.compose(
      shell: shell, titles: app.declarations.map(\.title), tabs: app.tabs, view: view,
      width: size.columns, height: size.rows,
      render: { [self] view, width, height in
        let id = ObjectIdentifier(view)
        if tracked.contains(id), !forceFullFrame {
          // Still tracked from the last render, so nothing it read has changed.
          return view.render(width: width, height: height)
        }
        tracked.insert(id)
        return TerminalRendering.render(view, width: width, height: height) {
          post?(.changed(id))
        }
      })
    let force = forceFullFrame
    forceFullFrame = false
    var output = force ? "\u{1B}[?25l\u{1B}[2J" : "\u{1B}[?25l"
    for (row, line) in frame.lines.enumerated()
    where force || row >= previous.count || previous[row] != line {
      output += "\u{1B}[\(row + 1);1H\(line)\u{1B}[0m\u{1B}[K"
    }
    if frame.lines.count < previous.count {
      for row in frame.lines.count..<previous.count { output += "\u{1B}[\(row + 1);1H\u{1B}[K" }
    }
    if let cursor = frame.cursor {
      output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    previous = frame.lines
    frames += 1
    terminal.draw(output)
    stats.frameDrawn(from: start, to: .now)
  }
}

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
