// The notes editor's keystroke as the app takes it: the notes' terminal view handles a key and
// is rendered again under Observation tracking (what the interactive session does), at 100×30,
// in a note already open at its end.

import Dispatch
import FeatureBridge
import NotesFeature
import NotesTerminalView
import TerminalUI

/// Lines of prose of 20 to 90 characters, about `bytes` of them.
func prose(bytes: Int) -> String {
  var text = ""
  var line = 0
  while text.utf8.count < bytes {
    text += "Line \(line):" + String(repeating: " word", count: 3 + (line * 7) % 13) + "\n"
    line += 1
  }
  return text
}

/// An actor of its own, as a terminal host gives its features: the notes run on it, and the
/// keys are typed and the frames rendered there, with no hop per key.
actor NotesTypist {
  /// Types `x` and Backspace in turn at the end of a 4 KB note, `keys` keys, each followed by a
  /// render of the notes' view under tracking; every key must report exactly one change.
  func type(_ keys: Int) async {
    let feature = NotesFeature.launcher.start(
      .init(storage: .inMemory([("Note", prose(bytes: 4 << 10))]), autosaveDelay: .seconds(3600)))
    for await _ in feature.outputs { break }
    let view = NotesFeature.terminalView(of: feature)
    let redraws = RedrawRequests()
    _ = view.render(width: 100, height: 30)
    view.handle([.enter, .modified(.end, .control)])
    blackHole(TerminalRendering.render(view, width: 100, height: 30) { redraws.requestRedraw() })
    let typed: [KeyPress] = [.character("x"), .backspace]
    for key in 0..<keys {
      view.handle([typed[key & 1]])
      blackHole(TerminalRendering.render(view, width: 100, height: 30) { redraws.requestRedraw() })
    }
    precondition(redraws.total == keys, "\(redraws.total) redraws for \(keys) keys")
    await feature.stop()
  }
}

/// Runs the notes loop and waits for it, from the synchronous main: an async main runs the
/// main actor on dispatch's main queue, which valgrind does not survive.
func typeIntoTheNotes(_ keys: Int) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await NotesTypist().type(keys)
    done.signal()
  }
  done.wait()
}
