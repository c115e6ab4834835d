public import FeatureBridge
import MultiStorePrimitives
public import StoreKernel

/// Stands in for any feature with the same `Input` and `Output`: it records every input and
/// emits scripted outputs, and outputs a test tells it to emit. It runs behind the same boundary
/// as a real feature (its own store, the same input delivery, metrics and registry), so a host
/// cannot tell them apart.
///
/// ```swift
/// let fakeNotes = FakeFeature<NotesInput, NotesOutput>(name: "Notes") { input in
///   input == .save ? [.saved(noteCount: 0)] : []
/// }
/// let notes = fakeNotes.start()  // instead of NotesFeature.launcher.start(…)
/// var heard: [NotesOutput] = []
/// notes.onOutput { heard.append($0) }
/// await fakeNotes.emit(.noteCountChanged(3))
/// await notes.send(.save)  // the fake answers .saved(noteCount: 0)
/// await notes.settle()
/// #expect(fakeNotes.receivedInputs == [.save])
/// #expect(heard == [.noteCountChanged(3), .saved(noteCount: 0)])
/// ```
///
/// One fake may run many times at once (a parent presenting it on a stack starts it once per
/// screen): ``emit(_:)`` emits from each that runs, and ``receivedInputs`` records them all.
/// A fake whose `Input` is `Never` emits only through ``emit(_:)``.
///
/// `Sendable`: what it records is behind a lock, and its script is `@Sendable`; it can be made
/// in a test and handed to a presentation that starts it on another actor.
public final class FakeFeature<Input: Sendable, Output: Sendable>: Sendable {
  /// The name the fake runs under.
  public let name: String

  private let script: @Sendable (Input) -> [Output]
  private let recorded = LockedValue(Recorded())

  /// What the fake has heard, and where it runs.
  private struct Recorded: Sendable {
    var inputs: [Input] = []
    var running: [FakeEmissions<Output>] = []
  }

  /// Creates a fake.
  ///
  /// - Parameters:
  ///   - name: The name it runs under.
  ///   - script: The outputs to emit in response to each input.
  public init(
    name: String = "Fake", script: @escaping @Sendable (Input) -> [Output] = { _ in [] }
  ) {
    self.name = name
    self.script = script
  }

  /// Every input delivered so far, in order, to every run of the fake.
  public var receivedInputs: [Input] {
    recorded.withLock { $0.inputs }
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
  ) -> FeatureHandle<Input, Output> {
    let emissions = FakeEmissions<Output>()
    recorded.withLock { $0.running.append(emissions) }
    return FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: self.name, initialState: 0, reducer: FakeReducer(fake: self, emissions: emissions))
    }.start(inputs: inputs, withDependencies: prepareDependencies, isolation: isolation)
  }

  /// Emits `output` from every run of the fake that is running, as the real feature would,
  /// and returns once each has emitted it (its host has heard it). Before `start`, and after
  /// every run has stopped, it goes nowhere.
  ///
  /// - Parameter output: The output to emit.
  nonisolated(nonsending) public func emit(_ output: Output) async {
    let running = recorded.withLock { recorded in
      recorded.running.removeAll { $0.isClosed }
      return recorded.running
    }
    for emissions in running { await emissions.emit(output) }
  }

  fileprivate func record(_ input: Input) -> [Output] {
    recorded.withLock { $0.inputs.append(input) }
    return script(input)
  }
}

/// The outputs a test tells one run of a fake to emit, waiting for that run to emit them: a
/// queue the run's start work drains, and the test's waits, answered once each is emitted.
///
/// `Sendable`: its state is behind a lock.
final class FakeEmissions<Output: Sendable>: Sendable {
  private struct Queue: Sendable {
    var waiting: [(output: Output, emitted: CheckedContinuation<Void, Never>)] = []
    var closed = false
  }

  private let queue = LockedValue(Queue())
  private let wake: AsyncStream<Void>.Continuation
  /// What the run's start work waits on between emissions.
  let wakes: AsyncStream<Void>

  init() {
    (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  var isClosed: Bool { queue.withLock { $0.closed } }

  /// Queues `output` and waits until the run has emitted it, or has stopped.
  nonisolated(nonsending) func emit(_ output: Output) async {
    await withCheckedContinuation { emitted in
      let queued = queue.withLock { queue in
        if queue.closed { return false }
        queue.waiting.append((output, emitted))
        return true
      }
      if queued { wake.yield() } else { emitted.resume() }
    }
  }

  /// The next queued output and what to tell its emitter, if any.
  func next() -> (output: Output, emitted: CheckedContinuation<Void, Never>)? {
    queue.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
  }

  /// The run has stopped: what is queued, and what comes later, is answered at once.
  func close() {
    let left = queue.withLock { queue in
      queue.closed = true
      defer { queue.waiting = [] }
      return queue.waiting
    }
    wake.finish()
    for item in left { item.emitted.resume() }
  }
}

enum FakeAction<Input: Sendable, Output: Sendable>: BoundaryAction {
  enum ViewAction: Sendable {}

  case input(Input)
  case view(ViewAction)
  case started
  case delegate(Output)

  var output: Output? {
    if case .delegate(let output) = self { return output }
    return nil
  }

  static var didStart: Self? { .started }
}

struct FakeReducer<Input: Sendable, Output: Sendable>: Reducer {
  let fake: FakeFeature<Input, Output>
  let emissions: FakeEmissions<Output>

  func reduce(
    into inputCount: inout Int, action: FakeAction<Input, Output>
  ) -> Effect<FakeAction<Input, Output>> {
    switch action {
    case .input(let input):
      inputCount += 1
      return .merge(fake.record(input).map { .send(.delegate($0)) })
    case .started:
      // Runs until the fake stops: emits what the test queues, one at a time, and answers the
      // test's wait once the output has reached the host.
      let emissions = emissions
      return .run { send in
        defer { emissions.close() }
        for await _ in emissions.wakes {
          while let next = emissions.next() {
            await send(.delegate(next.output))
            next.emitted.resume()
          }
        }
      }
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
  ///   $0[feature: RecorderFeature.launcher] = .fake { input in
  ///     input == .stop ? [.stopped(seconds: 9)] : []
  ///   }
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
    .fake(FakeFeature(name: name, script: script))
  }

  /// A launcher that presents `fake` each time the parent presents the feature: the test keeps
  /// the fake, to read what it was sent and to make it emit on its own (also a fake whose
  /// `Input` is `Never`).
  ///
  /// ```swift
  /// let recorder = FakeFeature<RecorderInput, RecorderOutput>()
  /// let store = TestStore(initialState: Memo.State(), reducer: Memo()) {
  ///   $0[feature: RecorderFeature.launcher] = .fake(recorder)
  /// }
  /// await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
  /// await recorder.emit(.stopped(seconds: 3))
  /// await store.receive(.recorder(.presented(.output(.stopped(seconds: 3))))) {
  ///   $0.lengths = [3]
  ///   $0.recording = nil
  /// }
  /// ```
  ///
  /// - Parameter fake: The fake to start.
  /// - Returns: The launcher.
  public static func fake(_ fake: FakeFeature<Input, Output>) -> Self {
    FeatureLauncher { _, isolation in fake.start(isolation: isolation) }
  }
}
