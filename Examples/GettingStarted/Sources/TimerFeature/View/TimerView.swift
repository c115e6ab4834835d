import FeatureBridge
import TerminalUI

/// The timer in a terminal: the time left and whether it is running. Space pauses or resumes,
/// `r` resets.
final class TimerView: TerminalView {
  private let store: ViewStore<TimerState, TimerAction.ViewAction>

  init(store: ViewStore<TimerState, TimerAction.ViewAction>) {
    self.store = store
  }

  func render(width: Int, height: Int) -> [String] {
    guard height > 0 else { return [] }
    // Read through the view store, so a host rendering under Observation tracking redraws
    // when the time left or the running state changes.
    let state = (remaining: store.remaining, isRunning: store.isRunning)
    let seconds = state.remaining % 60
    let time = "\(state.remaining / 60):\(seconds < 10 ? "0" : "")\(seconds)"
    let status = state.isRunning ? "running" : state.remaining > 0 ? "paused" : "idle"
    return [TerminalText.fit("⏱ \(time) \(status)", width: width)]
  }

  func handle(_ keys: [KeyPress]) -> Int {
    var used = 0
    for key in keys {
      switch key {
      case .character(" "): store.send(.pauseResumeTapped)
      case .character("r"): store.send(.resetTapped)
      default: return used
      }
      used += 1
    }
    return used
  }

  var keyHelp: [String] { ["space  pause or resume", "r      reset"] }
}
