import TeaHost

/// `swift run --package-path Examples/GettingStarted tea [seconds]`: brews a tea that steeps
/// for a few seconds and prints the timer until the tea is ready.
@main
enum TeaMain {
  @MainActor
  static func main() async {
    let seconds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 3
    let kettle = Kettle()
    kettle.brew(Tea(name: "green", steepSeconds: seconds))
    var shown: [String] = []
    while kettle.log.last != "tea is ready" {
      let lines = kettle.render(width: 40)
      // Until the timer has said it started, it still shows its idle state: skip that.
      if lines != shown, kettle.log.count > 1 {
        print(lines.joined(separator: "\n"))
        shown = lines
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    await kettle.stop()
    print(kettle.log.joined(separator: "\n"))
  }
}
