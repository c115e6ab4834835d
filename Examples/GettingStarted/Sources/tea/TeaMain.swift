import FeatureBridge
import TeaHost
import TerminalUI
import TimerFeature

/// `swift run --package-path Examples/GettingStarted tea [seconds]`: brews a tea that steeps
/// for a few seconds and prints the timer each time it changes, until the tea is ready. It
/// redraws when the view's Observation tracking says what it showed has changed: no polling.
@main
enum TeaMain {
  @MainActor
  static func main() async {
    let seconds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 3
    let kettle = Kettle()
    kettle.brew(Tea(name: "green", steepSeconds: seconds))
    let view = TimerFeature.terminalView(of: kettle.timer)
    let (changes, changed) = AsyncStream.makeStream(of: Void.self)
    func show() {
      let lines = TerminalRendering.render(view, width: 40, height: 1) { changed.yield() }
      print(lines.joined(separator: "\n"))
    }
    await kettle.timer.untilDelivered(1)
    show()
    for await _ in changes {
      show()
      if kettle.log.last == "tea is ready" { break }
    }
    await kettle.stop()
    print(kettle.log.joined(separator: "\n"))
  }
}
