import Dispatch
import FeatureBridge
import Foundation
import StoreKernel

/// The full-screen app: raw mode and the alternate screen, one render per batch of input,
/// resize handling, and a clean exit on q, Ctrl-C, SIGTERM, SIGHUP or an error.
@ShellActor
final class InteractiveSession {
  private enum Event: Sendable {
    case keys([KeyPress])
    case resize
    case tick
    case quit
  }

  private let app: any RunningApp
  private let composer: FrameComposer
  private var previous: [String] = []
  private var size = RawTerminal.size()

  init(app: any RunningApp, color: Bool) {
    self.app = app
    self.composer = FrameComposer(color: color)
  }

  func run() async throws {
    let terminal = try RawTerminal()
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    let signals = SignalWatcher(
      onResize: { sink.yield(.resize) },
      onTerminate: {
        // Restore the terminal at once, in case the graceful quit below is slow.
        terminal.restore()
        sink.yield(.quit)
      })
    let readKeys = Task.detached {
      for await batch in InputReader.keyBatches() { sink.yield(.keys(batch)) }
      sink.yield(.quit)
    }
    let ticker = Task.detached {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(200))
        sink.yield(.tick)
      }
    }
    defer {
      ticker.cancel()
      readKeys.cancel()
      signals.cancel()
      terminal.restore()
    }
    render(force: true)
    loop: for await event in events {
      switch event {
      case .keys(let keys):
        if KeyRouter.route(keys, in: app) == .quit { break loop }
      case .resize:
        size = RawTerminal.size()
        previous = []
        RawTerminal.write("\u{1B}[2J")
      case .tick:
        break
      case .quit:
        break loop
      }
      render(force: false)
    }
  }

  /// Writes only the lines that changed since the last frame.
  private func render(force: Bool) {
    let frame = composer.compose(
      shell: app.shell.state, view: app.view(for: app.shell.state.activeTab),
      width: size.columns, height: size.rows)
    var output = "\u{1B}[?25l"
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
    RawTerminal.write(output)
  }
}

/// Turns SIGWINCH, SIGTERM, SIGHUP and SIGINT into callbacks on a dispatch queue.
final class SignalWatcher {
  private let sources: [any DispatchSourceSignal]

  init(onResize: @escaping @Sendable () -> Void, onTerminate: @escaping @Sendable () -> Void) {
    let queue = DispatchQueue(label: "signals")
    var sources: [any DispatchSourceSignal] = []
    for (number, handler) in [
      (SIGWINCH, onResize), (SIGTERM, onTerminate), (SIGHUP, onTerminate), (SIGINT, onTerminate),
    ] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler(handler: handler)
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  func cancel() {
    for source in sources { source.cancel() }
  }
}
