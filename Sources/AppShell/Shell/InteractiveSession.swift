import FeatureBridge
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
/// a change asks for one frame. There is no timer, so an idle app uses no CPU.
///
/// Everything happens on the shell's one thread (``ShellExecutor``): it wakes when the terminal
/// has input, reads and handles the keys, and once nothing else is waiting, draws one frame for
/// all of it, writing only the cells that changed (``TerminalScreen``). Keys are never starved
/// by drawing: while more input is waiting, the frame waits for it, so changes coalesce and a
/// key waits at most for the frame being drawn when it arrived. q, Ctrl-C and the terminating
/// signals end the app after that frame at the latest, restoring the terminal and saving first.
@ShellActor
final class InteractiveSession {
  /// Why the session ended.
  enum Ending: Equatable {
    /// The user quit (q, Ctrl-C, Ctrl-Q; Ctrl-X from the list).
    case quit
    /// Standard input ended (the terminal went away).
    case inputEnded
    /// A signal asked the app to end (SIGTERM, SIGHUP, …): its number.
    case signal(Int32)
  }

  private let app: any RunningApp
  /// The features' titles and tabs: fixed for the app's life, so not gathered again each frame.
  private let titles: [String]
  private let tabs: [Int]
  private var composer: FrameComposer
  private var screen = TerminalScreen()
  private var input = InputReader()
  private var size = RawTerminal.size()
  /// The views whose last render is still tracked (no change reported since).
  private var tracked: Set<ObjectIdentifier> = []
  /// Views whose tracked render read something that changed: Observation reports it from the
  /// store's mutation, which may be on any thread in principle.
  private let changedViews = LockedValue(Set<ObjectIdentifier>())
  /// The active view's last render, reused while it is still tracked.
  private var lastRender: (view: ObjectIdentifier, width: Int, height: Int, lines: [String])?
  private var needsFrame = true
  private var forceFullFrame = true
  private var terminal: RawTerminal?
  private var ended: Ending?
  private var ending: CheckedContinuation<Ending, Never>?
  /// How many frames were drawn (for tests and `--stats`).
  private(set) var frames = 0
  /// Frame costs and key latencies, kept only for `--stats`: they cost two clock reads a key
  /// and grow with every frame of the session.
  private(set) var stats: FrameStats?

  init(app: any RunningApp, color: Bool, recordsFrameStats: Bool = false) {
    self.app = app
    self.stats = recordsFrameStats ? FrameStats() : nil
    self.titles = app.declarations.map(\.title)
    self.tabs = app.tabs
    self.composer = FrameComposer(color: color)
  }

  /// Runs until the user quits, input ends or a signal asks the app to end; the terminal is
  /// restored when it returns.
  func run() async throws -> Ending {
    let terminal = try RawTerminal()
    self.terminal = terminal
    let signals = SignalWatcher(
      onResize: { Task { @ShellActor in self.resized() } },
      onSuspend: { Task { @ShellActor in self.suspend() } },
      onContinue: { Task { @ShellActor in self.resumed() } },
      onTerminate: { signal in
        // Give the screen back at once: no frame is painted after this, however slow the
        // graceful quit below turns out to be.
        terminal.restore()
        Task { @ShellActor in self.end(.signal(signal)) }
      })
    let shellObservation = app.shell.observe(
      { $0 },
      onChange: { [weak self] _ in
        self?.needsFrame = true
      })
    TerminalInputWatch.current = TerminalInputWatch(
      descriptor: STDIN_FILENO,
      timeout: { [unowned self] in input.timeout },
      readable: { [unowned self] in inputReadable() },
      timedOut: { [unowned self] in handle(input.escapeTimedOut(), arrivedAt: .now) },
      idle: { [unowned self] in idle() })
    defer {
      TerminalInputWatch.current = nil
      shellObservation.cancel()
      signals.cancel()
      terminal.restore()
    }
    drawFrame()
    return await withCheckedContinuation { continuation in
      if let ended {
        continuation.resume(returning: ended)
      } else {
        ending = continuation
      }
    }
  }

  private func end(_ why: Ending) {
    guard ended == nil else { return }
    ended = why
    TerminalInputWatch.current = nil
    ending?.resume(returning: why)
    ending = nil
  }

  // MARK: - Input

  private func inputReadable() {
    guard ended == nil else { return }
    let arrival: ContinuousClock.Instant? = stats == nil ? nil : .now
    switch input.read() {
    case .keys(let keys):
      handle(keys, arrivedAt: arrival)
    case .nothing:
      break
    case .ended(let keys):
      if !keys.isEmpty { handle(keys, arrivedAt: arrival) }
      end(.inputEnded)
    }
  }

  private func handle(_ keys: [KeyPress], arrivedAt arrival: ContinuousClock.Instant?) {
    guard ended == nil, !keys.isEmpty else { return }
    var keys = keys
    if terminal?.erasesWithControlH == true {
      // This terminal's Backspace sends ^H, which the decoder reads as Ctrl-Backspace.
      for index in keys.indices {
        if case .modified(.backspace, .control) = keys[index] { keys[index] = .backspace }
      }
    }
    if let arrival { stats?.keysHandled(arrivedAt: arrival) }
    switch KeyRouter.route(keys, in: app) {
    case .quit:
      end(.quit)
    case .redraw:
      forceFullFrame = true
      needsFrame = true
    case .suspend(let remaining):
      suspend()
      // The process was stopped in `suspend()` and runs again after `fg`: now the keys typed
      // after Ctrl-Z.
      handle(remaining, arrivedAt: stats == nil ? nil : .now)
    case .continueRunning:
      break
    }
  }

  // MARK: - Frames

  /// The loop has nothing else to do: draw the frame, unless more keys are waiting (they are
  /// handled first, and one frame shows them all).
  private func idle() {
    guard ended == nil else { return }
    let changed = changedViews.withLock { views in
      defer { views = [] }
      return views
    }
    if !changed.isEmpty {
      tracked.subtract(changed)
      needsFrame = true
    }
    guard needsFrame else {
      // What the keys did changed nothing on screen: no frame will show them.
      stats?.keysNeedNoFrame()
      return
    }
    if !input.hasInput() { drawFrame() }
  }

  private func resized() {
    size = RawTerminal.size()
    forceFullFrame = true
    needsFrame = true
  }

  private func resumed() {
    guard let terminal, terminal.resume() else { return }
    resized()
  }

  /// Job control: gives the terminal back, stops the process, and on `fg` takes the terminal
  /// again and redraws everything.
  private func suspend() {
    guard let terminal else { return }
    terminal.suspend()
    // SIGSTOP cannot be caught or blocked, whatever the signal machinery did with SIGTSTP;
    // the shell sees the job stopped, and `fg` continues it here. `raise` sends it to this
    // thread, so it takes effect before `raise` returns: sent to the process (`kill`), this
    // thread could run on and take the screen back before the stop.
    raise(SIGSTOP)
    terminal.resume()
    resized()
  }

  /// Draws the frame, writing only the cells that changed since the last one.
  private func drawFrame() {
    guard let terminal else { return }
    let start: ContinuousClock.Instant? = stats == nil ? nil : .now
    needsFrame = false
    if forceFullFrame {
      screen.invalidate()
      tracked = []
      forceFullFrame = false
    }
    let shell = app.shell.state
    let view = app.view(at: shell.activeTab)
    let frame = composer.compose(
      shell: shell, titles: titles, tabs: tabs, view: view,
      width: size.columns, height: size.rows,
      render: { [self] view, width, height in render(view, width: width, height: height) })
    frames += 1
    terminal.draw(screen.update(to: frame.lines, cursor: frame.cursor))
    if let maxOffset = frame.helpMaxOffset, let page = frame.helpPage,
      maxOffset != shell.helpMaxOffset || page != shell.helpPage
    {
      // The help screen's size is known once it is laid out: scrolling stops at its end, and
      // a page is what the window shows.
      app.shell.send(.helpLaidOut(maxOffset: maxOffset, page: page))
    }
    if let start { stats?.frameDrawn(from: start, to: .now) }
  }

  /// Renders `view` under Observation tracking, or reuses its last render while that is still
  /// tracked (nothing it read has changed since).
  private func render(_ view: any TerminalView, width: Int, height: Int) -> [String] {
    let id = ObjectIdentifier(view)
    if tracked.contains(id), let last = lastRender, last.view == id, last.width == width,
      last.height == height
    {
      return last.lines
    }
    tracked.insert(id)
    let changedViews = changedViews
    let lines = TerminalRendering.render(view, width: width, height: height) {
      changedViews.withLock { _ = $0.insert(id) }
      ShellExecutor.shared.wake()
    }
    lastRender = (id, width, height, lines)
    return lines
  }
}
