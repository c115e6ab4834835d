public import FeatureBridge
import TerminalUI
public import TimerFeature

/// A tea to brew: its name and how long it steeps.
///
/// `Sendable` plain value.
public struct Tea: Sendable, Equatable {
  /// What the log calls it.
  public var name: String
  /// How long it steeps, in seconds.
  public var steepSeconds: Int

  /// Creates a tea.
  ///
  /// - Parameters:
  ///   - name: What the log calls it.
  ///   - steepSeconds: How long it steeps, in seconds.
  public init(name: String, steepSeconds: Int) {
    self.name = name
    self.steepSeconds = steepSeconds
  }

  /// Green tea: two minutes.
  public static let green = Tea(name: "green", steepSeconds: 120)
}

/// A tiny host for the timer: brewing a tea starts the timer for its steeping time, and the
/// kettle's log says when the tea is ready. It knows the timer only by its boundary: the
/// embedding is the two lines of `init`.
///
/// ```swift
/// let kettle = Kettle()
/// kettle.brew(Tea(name: "green", steepSeconds: seconds))
/// ```
@MainActor
public final class Kettle {
  /// What happened, in order.
  public private(set) var log: [String] = []
  /// The running timer.
  public let timer: FeatureHandle<TimerInput, TimerOutput>

  /// Creates a kettle and starts its timer.
  ///
  /// - Parameter startTimer: Starts the timer: the real `TimerFeature` unless given (a test
  ///   gives a `FakeFeature`).
  public init(
    startTimer: @MainActor () -> FeatureHandle<TimerInput, TimerOutput> = {
      TimerFeature.launcher.start(ContinuousClock())
    }
  ) {
    timer = startTimer()
    timer.onOutput { [weak self] output in self?.hear(output) }
  }

  /// Starts brewing: the timer counts down the tea's steeping time.
  ///
  /// - Parameter tea: The tea to brew.
  public func brew(_ tea: Tea) {
    log.append("brewing \(tea.name) tea")
    timer.input.send(.start(seconds: tea.steepSeconds))
  }

  /// Stops brewing.
  public func cancel() {
    timer.input.send(.cancel)
  }

  /// The timer's view, one line wide.
  ///
  /// - Parameter width: The available columns.
  /// - Returns: The lines to show.
  public func render(width: Int) -> [String] {
    timerView.render(width: width, height: 1)
  }

  /// Made once and kept: a view observes its feature from when it is made.
  private lazy var timerView = TimerFeature.terminalView(of: timer)

  /// Delivers what was sent, then stops the timer.
  public func stop() async {
    await timer.finish()
  }

  private func hear(_ output: TimerOutput) {
    switch output {
    case .started(let seconds): log.append("steeping for \(seconds) s")
    case .finished: log.append("tea is ready")
    case .cancelled(let remaining): log.append("cancelled with \(remaining) s to go")
    }
  }
}
