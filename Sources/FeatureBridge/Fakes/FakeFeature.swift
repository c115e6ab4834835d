internal import StoreKernel

/// Stands in for any feature with the same `Input` and `Output`: it records every input and
/// emits scripted outputs. It runs behind the same boundary as a real feature (its own store,
/// the same input delivery, metrics and registry), so a host cannot tell them apart.
///
/// ```swift
/// let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
///   input == .save ? [.saved(noteCount: 0)] : []
/// }
/// let notes = fakeNotes.start(inputs: inputs)  // instead of NotesFeature.start(…)
/// fakeNotes.emit(.saved)
/// ```
///
/// Not `Sendable`: confined to the actor it is started on.
public final class FakeFeature<Input: Sendable, Output: Sendable> {
  /// The name the fake runs under.
  public let name: String
  /// Every input delivered so far, in order.
  public private(set) var receivedInputs: [Input] = []
  /// Every key press its view was handed, in order.
  public fileprivate(set) var receivedKeys: [KeyPress] = []

  private let script: (Input) -> [Output]
  private var viewStore: ViewStore<Int, FakeAction<Input, Output>.ViewAction>?

  /// Creates a fake.
  ///
  /// - Parameters:
  ///   - name: The name it runs under.
  ///   - script: The outputs to emit in response to each input.
  public init(name: String = "Fake", script: @escaping (Input) -> [Output] = { _ in [] }) {
    self.name = name
    self.script = script
  }

  /// Starts the fake behind a feature boundary.
  ///
  /// - Parameters:
  ///   - inputs: What the host sends.
  ///   - isolation: The host's actor.
  /// - Returns: The running feature.
  public func start(
    inputs: AsyncStream<Input>, isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    Feature.start(
      name: name, initialState: 0, reducer: FakeReducer(fake: self), inputs: inputs,
      view: { viewStore in
        self.viewStore = viewStore
        return FakeView(fake: self, viewStore: viewStore)
      },
      isolation: isolation)
  }

  /// Emits `output` now, as the real feature would.
  ///
  /// - Parameter output: The output to emit.
  public func emit(_ output: Output) {
    viewStore?.send(.emit(output))
  }

  fileprivate func record(_ input: Input) -> [Output] {
    receivedInputs.append(input)
    return script(input)
  }
}

enum FakeAction<Input: Sendable, Output: Sendable>: BoundaryAction {
  enum ViewAction: Sendable {
    case emit(Output)
  }

  case input(Input)
  case view(ViewAction)
  case delegate(Output)

  var output: Output? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}

struct FakeReducer<Input: Sendable, Output: Sendable>: Reducer {
  let fake: FakeFeature<Input, Output>

  func reduce(
    into inputCount: inout Int, action: FakeAction<Input, Output>
  ) -> Effect<
    FakeAction<Input, Output>
  > {
    switch action {
    case .input(let input):
      inputCount += 1
      return .merge(fake.record(input).map { .send(.delegate($0)) })
    case .view(.emit(let output)):
      return .send(.delegate(output))
    case .delegate:
      return .none
    }
  }
}

final class FakeView<Input: Sendable, Output: Sendable>: FeatureView {
  private weak var fake: FakeFeature<Input, Output>?
  private let viewStore: ViewStore<Int, FakeAction<Input, Output>.ViewAction>

  init(
    fake: FakeFeature<Input, Output>,
    viewStore: ViewStore<Int, FakeAction<Input, Output>.ViewAction>
  ) {
    self.fake = fake
    self.viewStore = viewStore
  }

  func render(width: Int, height: Int) -> [String] {
    guard height > 0 else { return [] }
    let line = "[fake \(fake?.name ?? "feature")] \(viewStore.state ?? 0) input(s)"
    return [String(line.prefix(max(0, width)))]
  }

  func handle(_ keys: [KeyPress]) -> Int {
    fake?.receivedKeys.append(contentsOf: keys)
    return keys.count
  }

  var keyHelp: [String] { ["(fake feature: records keys)"] }

  var renderGeneration: Int { (viewStore.state ?? 0) + (fake?.receivedKeys.count ?? 0) }
}
