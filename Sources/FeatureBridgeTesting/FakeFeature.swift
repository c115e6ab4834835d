public import FeatureBridge
public import StoreKernel

/// Stands in for any feature with the same `Input` and `Output`: it records every input and
/// emits scripted outputs. It runs behind the same boundary as a real feature (its own store,
/// the same input delivery, metrics and registry), so a host cannot tell them apart.
///
/// ```swift
/// let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
///   input == .save ? [.saved(noteCount: 0)] : []
/// }
/// let notes = fakeNotes.start()  // instead of NotesFeature.start(…)
/// var heard: [NotesOutput] = []
/// notes.onOutput { heard.append($0) }
/// fakeNotes.emit(.noteCountChanged(3))
/// await notes.send(.save)  // the fake answers .saved(noteCount: 0)
/// await notes.settle()
/// #expect(fakeNotes.receivedInputs == [.save])
/// #expect(heard == [.noteCountChanged(3), .saved(noteCount: 0)])
/// ```
///
/// Not `Sendable`: confined to the actor it is started on.
public final class FakeFeature<Input: Sendable, Output: Sendable> {
  /// The name the fake runs under.
  public let name: String
  /// Every input delivered so far, in order.
  public private(set) var receivedInputs: [Input] = []

  private let script: (Input) -> [Output]
  private weak var feature: Feature<Input, Output>?

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
  ///   - inputs: A stream of inputs, if the host has one.
  ///   - prepareDependencies: The host's dependencies (a store registry, a clock).
  ///   - isolation: The host's actor.
  /// - Returns: The running feature.
  public func start(
    inputs: AsyncStream<Input>? = nil,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    isolation: isolated any Actor = #isolation
  ) -> Feature<Input, Output> {
    let feature = Feature.start(
      name: name, initialState: 0, reducer: FakeReducer(fake: self), inputs: inputs,
      withDependencies: prepareDependencies, isolation: isolation)
    self.feature = feature
    return feature
  }

  /// Emits `output` now, as the real feature would. (Before `start` or after the fake stopped it
  /// goes nowhere.)
  ///
  /// - Parameter output: The output to emit.
  public func emit(_ output: Output) {
    feature?.viewStore(state: Int.self, viewAction: FakeAction<Input, Output>.ViewAction.self)
      .send(.emit(output))
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
  ) -> Effect<FakeAction<Input, Output>> {
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

extension FeatureLauncher {
  /// A launcher that presents a ``FakeFeature`` answering each input with `script`: how a
  /// parent's test replaces the feature it presents, in one line.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
  ///   $0.recorder = .fake { input in input == .stop ? [.stopped(seconds: 9)] : [] }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The fake's name in instrumentation.
  ///   - script: The outputs the fake emits for each input.
  /// - Returns: The launcher.
  public static func fake(
    name: String = "Fake", script: @escaping @Sendable (Input) -> [Output] = { _ in [] }
  ) -> Self {
    FeatureLauncher { _, isolation in
      FakeFeature(name: name, script: script).start(isolation: isolation)
    }
  }
}
