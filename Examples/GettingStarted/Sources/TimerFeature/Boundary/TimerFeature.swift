public import FeatureBridge
import StoreKernel
public import TerminalUI

/// A countdown timer behind a black-box boundary: a host starts it for some seconds and hears
/// when it has started, finished or been cancelled. Its state, actions, reducer and view are
/// internal to this module.
///
/// ```swift
/// let timer = TimerFeature.launcher.start(TestClock())
/// await timer.send(.start(seconds: 90))
/// ```
public enum TimerFeature {
  /// The timer, as a host starts it with the clock it ticks on
  /// (``FeatureBridge/FeatureLauncher/start(_:inputs:withDependencies:isolation:)``) or a parent
  /// presents it. It waits for ``TimerInput/start(seconds:)``; tests pass a `TestClock`.
  public static let launcher = FeatureLauncher { (clock: any Clock<Duration>) in
    FeatureRecipe(
      name: "Timer", initialState: TimerState(), reducer: TimerReducer(),
      dependencies: { $0.clock = clock })
  }

  /// The timer's terminal view, for a host that shows it in a terminal.
  ///
  /// - Parameter feature: A running timer.
  /// - Returns: Its view.
  public static func terminalView(
    of feature: FeatureHandle<TimerInput, TimerOutput>
  ) -> any TerminalView {
    TimerView(
      store: feature.viewStore(state: TimerState.self, viewAction: TimerAction.ViewAction.self))
  }
}

/// What a host may tell the timer.
///
/// `Sendable` plain value.
public enum TimerInput: Sendable, Equatable {
  /// Count down from `seconds`, replacing any countdown in progress.
  case start(seconds: Int)
  /// Stop the countdown in progress, if any.
  case cancel
}

/// What the timer tells its host.
///
/// `Sendable` plain value.
public enum TimerOutput: Sendable, Equatable {
  /// A countdown of this many seconds started.
  case started(seconds: Int)
  /// The countdown reached zero.
  case finished
  /// The host cancelled the countdown with this many seconds left.
  case cancelled(remaining: Int)
}
