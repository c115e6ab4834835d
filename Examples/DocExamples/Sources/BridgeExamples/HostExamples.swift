public import CounterFeature
public import FeatureBridge
import NotesFeature
public import StoreKernel

// The examples in the doc comments of FeatureHandle.onOutput, Store.feed and Shared.values().

/// A host that hears the counter's outputs directly.
@MainActor
public final class CounterHost {
  /// The favorites the host shares with its features.
  public let favorites = Shared<Set<Int>>(value: [])
  /// What the counter reported, in order.
  public private(set) var reports: [CounterOutput] = []
  /// The running counter, once started.
  public private(set) var counter: FeatureHandle<CounterInput, CounterOutput>?

  /// Creates a host; ``start()`` starts its counter.
  public init() {}

  /// Starts the counter and listens to it.
  public func start() {
    let counter = CounterFeature.launcher.start(.init(favorites: favorites))
    counter.onOutput { [weak self] output in self?.counterDidReport(output) }
    self.counter = counter
  }

  private func counterDidReport(_ output: CounterOutput) {
    reports.append(output)
  }
}

/// A shell whose search field drives the notes' search.
struct ShellState: Equatable, Sendable {
  var searchText = ""
}

/// Feeds the shell's search text to the notes as it changes.
@MainActor func feedSearch(
  from appStore: Store<ShellState, String>, into notesInputs: AsyncStream<NotesInput>.Continuation
) -> ObservationToken {
  let token = appStore.feed({ $0.searchText }, into: notesInputs, as: NotesInput.search)
  return token
}

/// Prints the favorites as they change, until the task is cancelled.
func printFavorites() async {
  let favorites = Shared<Set<Int>>(value: [])
  favorites.withLock { _ = $0.insert(42) }
  for await value in favorites.values() {
    print(value)  // [42] first, then every later change
  }
}
