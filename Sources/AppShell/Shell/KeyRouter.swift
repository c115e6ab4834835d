import FeatureBridge
import StoreKernel

/// Sends a batch of keys to the active feature first; the keys it does not use are the
/// shell's (tabs, help, quit).
@ShellActor
enum KeyRouter {
  enum Outcome {
    case continueRunning
    case quit
  }

  static func route(_ keys: [KeyPress], in app: any RunningApp) -> Outcome {
    var remaining = keys[...]
    while !remaining.isEmpty {
      let shellState = app.shell.state
      if !shellState.showHelp {
        let used = app.view(for: shellState.activeTab).handle(Array(remaining))
        remaining = remaining.dropFirst(used)
      }
      guard let key = remaining.popFirst() else { break }
      switch key {
      case .character("q"), .control("c"), .control("q"), .control("d"):
        return .quit
      case .tab:
        app.shell.send(.nextTab)
      case .character("1"), .function(1):
        app.shell.send(.selectTab(.counter))
      case .character("2"), .function(2):
        app.shell.send(.selectTab(.profile))
      case .character("3"), .function(3):
        app.shell.send(.selectTab(.notes))
      case .character("?"):
        app.shell.send(.toggleHelp)
      case .escape where shellState.showHelp:
        app.shell.send(.toggleHelp)
      case .control("s"):
        app.saveNotes()
      default:
        break
      }
    }
    return .continueRunning
  }
}
