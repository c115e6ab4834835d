import FeatureBridge
import StoreKernel
import TerminalUI

/// Sends a batch of keys to the active feature first; the keys it does not use are the
/// shell's: tabs (Tab, the tab's number 1–9, F1–F9 or Alt-1–9, from the declared features),
/// help (and its scrolling), save, redraw, suspend and quit (docs/app.md, "Keys").
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
    while !remaining.isEmpty {
      let shellState = app.shell.state
      if !shellState.showHelp {
        let used = app.view(at: shellState.activeTab).handle(Array(remaining))
        remaining = remaining.dropFirst(used)
        // A message is about what happened before these keys ("Saved 2 notes"): it goes.
        if used > 0, shellState.status != ShellState.idleStatus { app.shell.send(.clearStatus) }
      } else if let key = remaining.first,
        let scroll = Self.helpScroll(key, page: shellState.helpPage)
      {
        remaining.removeFirst()
        app.shell.send(.scrollHelp(by: scroll))
        continue
      }
      guard let key = remaining.popFirst() else { break }
      switch key {
      case .escape where shellState.showHelp, .control("x") where shellState.showHelp,
        .control("g"):
        app.shell.send(.toggleHelp)
      case .character("q"), .control("c"), .control("q"), .control("d"), .control("x"):
        return .quit
      case .control("z"):
        return .suspend(remaining: Array(remaining))
      case .control("l"):
        outcome = .redraw
      case .tab:
        app.shell.send(.nextTab(among: app.tabs))
      case .character(let digit) where digit.isASCII && digit.wholeNumberValue != nil:
        select(tab: digit.wholeNumberValue, in: app)
      case .function(let number):
        select(tab: number, in: app)
      case .modified(.character(let digit), .alt) where digit.isASCII && digit.isNumber:
        select(tab: digit.wholeNumberValue, in: app)
      case .character("?"):
        app.shell.send(.toggleHelp)
      case .character("x") where !shellState.errors.isEmpty:
        app.shell.send(.dismissErrors)
      case .control("s"), .control("o"):
        app.requestSaveAll()
      default:
        break
      }
    }
    return outcome
  }

  /// Selects the tab numbered `number` (from 1), if there is one. The tabs are looked up only
  /// for a key that selects one: a keystroke the feature uses never reads them.
  private static func select(tab number: Int?, in app: any RunningApp) {
    let tabs = app.tabs
    guard let number, tabs.indices.contains(number - 1) else { return }
    app.shell.send(.selectTab(tabs[number - 1]))
  }

  /// How far `key` scrolls the help screen, in lines (a page is the `page` lines the screen
  /// shows, so paging skips none; Home and End go all the way), or `nil` when it is not a
  /// scrolling key.
  static func helpScroll(_ key: KeyPress, page: Int) -> Int? {
    switch key {
    case .up, .character("k"): -1
    case .down, .character("j"): 1
    case .pageUp: -page
    case .pageDown, .character(" "): page
    case .home: -Int.max / 2
    case .end: Int.max / 2
    default: nil
    }
  }
}
