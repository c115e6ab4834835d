import FeatureBridge
import NotesFeature
import StoreKernelTesting
import Testing

/// A notes feature started through its public boundary, for tests that drive it as a host does.
@MainActor
final class RunningNotes {
  let feature: Feature<NotesInput, NotesOutput>
  let inputs: AsyncStream<NotesInput>.Continuation
  let log: OutputLog<NotesOutput>
  let clock = TestClock()

  /// Starts the feature on `storage` and waits until it has loaded (its first output).
  init(
    storage: NotesStorage, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (stream, continuation) = AsyncStream.makeStream(of: NotesInput.self)
    inputs = continuation
    feature = NotesFeature.start(
      inputs: stream, storage: storage, autosaveDelay: .seconds(1), clock: clock)
    log = OutputLog(feature.outputs)
    #expect(await log.waitFor(count: 1), "the notes never loaded", sourceLocation: sourceLocation)
  }

  var view: any FeatureView { feature.view }

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
}
