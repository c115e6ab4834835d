import FeatureBridge
import FeatureBridgeTesting
import NotesFeature
import NotesTerminalView
import StoreKernel
import StoreKernelTesting
import TerminalUI
import Testing

/// A notes feature started through its public boundary, for tests that drive it as a host does:
/// inputs awaited with `send`, keys typed into its terminal view, outputs logged. Its effects
/// run on the test clock's executor, so advancing the clock is deterministic.
@MainActor
final class RunningNotes {
  let feature: FeatureHandle<NotesInput, NotesOutput>
  let view: any TerminalView
  let log: OutputLog<NotesOutput>
  let clock = TestClock()

  /// Starts the feature on `storage` and waits until it has loaded (its first output).
  init(
    storage: NotesStorage, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let clock = clock
    feature = NotesFeature.launcher.start(
      .init(storage: storage, autosaveDelay: .seconds(1), clock: clock),
      withDependencies: { $0.effectExecutor = clock.effectExecutor })
    view = NotesFeature.terminalView(of: feature)
    log = OutputLog(feature.outputs)
    #expect(await log.waitFor(count: 1), "the notes never loaded", sourceLocation: sourceLocation)
  }

  /// Sends `input` and waits until the feature has done all it started.
  func send(_ input: NotesInput, sourceLocation: SourceLocation = #_sourceLocation) async {
    #expect(await feature.send(input), sourceLocation: sourceLocation)
    await feature.settle()
  }

  /// Renders at `width` × `height`.
  func render(width: Int = 80, height: Int = 24) -> [String] {
    view.render(width: width, height: height)
  }

  /// Hands `keys` to the view and expects every one of them to be used.
  func type(_ keys: [KeyPress], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(view.handle(keys) == keys.count, sourceLocation: sourceLocation)
  }

  /// Hands the characters of `text` to the view one key at a time.
  func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    type(text.map { KeyPress.character($0) }, sourceLocation: sourceLocation)
  }

  /// Stops the feature and waits until its outputs have all been logged.
  func stop() async {
    await feature.stop()
    await log.untilFinished()
  }
}
