import FeatureBridge
import StoreKernel
import TerminalUI

/// Sends a batch of keys to the active feature first; the keys it does not use are the
/// shell's: tabs (Tab, or the tab's number 1–9 or F1–F9, from the declared features), help,
/// save, redraw, suspend and quit.
@ShellActor
enum KeyRouter {
  enum Outcome: Equatable {
    case continueRunning
    case quit
    /// Ctrl-Z: the session suspends the process (the keys after it wait for the resume).
    case suspend(remaining: [KeyPress])
    /// Ctrl-L: the session repaints the whole screen.
    case redraw
  }

  static func route(_ keys: [KeyPress], in app: any RunningApp) -> Outcome {
    var remaining = keys[...]
    var outcome = Outcome.continueRunning
    let tabs = app.tabs
    while !remaining.isEmpty {
      let shellState = app.shell.state
      if !shellState.showHelp {
        let used = app.view(at: shellState.activeTab).handle(Array(remaining))
        remaining = remaining.dropFirst(used)
      }
      guard let key = remaining.popFirst() else { break }
      switch key {
      case .character("q"), .control("c"), .control("q"), .control("d"):
        return .quit
      case .control("z"):
        return .suspend(remaining: Array(remaining))
      case .control("l"):
        outcome = .redraw
      case .tab:
        app.shell.send(.nextTab(among: tabs))
      case .character(let digit) where digit.isASCII && digit.wholeNumberValue != nil:
        if let number = digit.wholeNumberValue, tabs.indices.contains(number - 1) {
          app.shell.send(.selectTab(tabs[number - 1]))
        }
      case .function(let number):
        if tabs.indices.contains(number - 1) { app.shell.send(.selectTab(tabs[number - 1])) }
      case .character("?"):
        app.shell.send(.toggleHelp)
      case .escape where shellState.showHelp:
        app.shell.send(.toggleHelp)
      case .character("x") where !shellState.errors.isEmpty:
        app.shell.send(.dismissErrors)
      case .control("s"):
        app.requestSaveAll()
      default:
        break
      }
    }
    return outcome
  }
}
