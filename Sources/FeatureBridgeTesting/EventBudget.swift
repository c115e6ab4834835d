public import StoreKernel
public import Testing

/// What a feature may cost per input, checked in a test: at most so many store events for each
/// input, and (unless allowed) no other store woken at all. A change that makes a keystroke wake
/// the whole app, or run twice as many actions, fails the test that declares the budget, naming
/// the stores and their counts.
///
/// The counts come from a `StoreRegistry` (StoreKernel) the test owns and hands to the stores it
/// measures (`$0.storeRegistry = registry`), so tests running in parallel never disturb them.
///
/// ```swift
/// let registry = StoreRegistry()
/// let notes = NotesFeature.launcher.start(.init(storage: .inMemory())) {
///   $0.storeRegistry = registry
/// }
/// await notes.settle()  // the load is not part of the budget
/// await EventBudget("Notes", eventsPerInput: 4).check(in: registry, inputs: 1) {
///   await notes.send(.search("milk"))
/// }
/// ```
///
/// `Sendable` plain value.
public struct EventBudget: Sendable {
  /// The name of the stores under budget (a feature's store carries the feature's name).
  public var store: String
  /// The most events the budgeted stores may count for each input.
  public var eventsPerInput: Int
  /// Whether stores with other names may count events meanwhile.
  public var otherStoresMayWake: Bool

  /// A budget for the stores named `store`.
  ///
  /// - Parameters:
  ///   - store: The store name under budget.
  ///   - eventsPerInput: The most events per input.
  ///   - otherStoresMayWake: Whether other stores may count events meanwhile; `false` by
  ///     default: a feature's input should wake nothing outside it.
  public init(_ store: String, eventsPerInput: Int, otherStoresMayWake: Bool = false) {
    self.store = store
    self.eventsPerInput = eventsPerInput
    self.otherStoresMayWake = otherStoresMayWake
  }

  /// What a checked piece of work cost.
  ///
  /// `Sendable` plain value.
  public struct Usage: Sendable, Equatable {
    /// The events of the budgeted stores.
    public var events: StoreEvents
    /// Every other store that counted events, with its events.
    public var others: [StoreSnapshot]
  }

  /// Runs `work`, which delivers `inputs` inputs, and records an issue if it cost more than the
  /// budget.
  ///
  /// - Parameters:
  ///   - registry: The registry the measured stores count into.
  ///   - inputs: How many inputs `work` delivers.
  ///   - sourceLocation: Where to report a failure.
  ///   - isolation: The actor `work` runs on (the caller's).
  ///   - work: Delivers the inputs and waits for what they do.
  /// - Returns: What the work cost.
  @discardableResult
  public func check(
    in registry: StoreRegistry,
    inputs: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ work: () async -> Void
  ) async -> Usage {
    let namesBefore = Set(registry.liveStores.map(\.name)).union([store])
    let before = Dictionary(
      uniqueKeysWithValues: namesBefore.map { ($0, registry.totals(named: $0)) })
    await work()
    let names = namesBefore.union(registry.liveStores.map(\.name))
    var others: [StoreSnapshot] = []
    var events = StoreEvents()
    for name in names.sorted() {
      let delta = registry.totals(named: name).subtracting(before[name] ?? StoreEvents())
      if name == store {
        events = delta
      } else if delta.total != 0 {
        others.append(StoreSnapshot(name: name, events: delta))
      }
    }
    let usage = Usage(events: events, others: others)
    report(usage, inputs: inputs, at: sourceLocation)
    return usage
  }

  private func report(_ usage: Usage, inputs: Int, at sourceLocation: SourceLocation) {
    var problems: [String] = []
    let allowed = eventsPerInput * max(1, inputs)
    if usage.events.total > allowed {
      problems.append(
        "\(store) counted \(usage.events.total) events for \(inputs) input(s), more than its "
          + "budget of \(eventsPerInput) per input: \(usage.events)")
    }
    if !otherStoresMayWake, !usage.others.isEmpty {
      let woken = usage.others.map { "\($0.name): \($0.events)" }.joined(separator: "; ")
      problems.append("other stores woke: \(woken)")
    }
    guard !problems.isEmpty else { return }
    Issue.record(
      Comment(rawValue: "Event budget exceeded. " + problems.joined(separator: ". ")),
      sourceLocation: sourceLocation)
  }
}
