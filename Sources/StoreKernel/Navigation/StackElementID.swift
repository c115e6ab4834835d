import Synchronization

/// The identity of an element of a ``StackState``: what a ``StackAction`` names an element by,
/// so that an action for a screen that was popped never reaches another one.
///
/// Ids are handed out by the ``DependencyValues/stackElementID`` dependency of the store whose
/// reducer pushes the element: 0, 1, 2, … in the order elements are pushed, never reused while
/// the store lives. A test writes them as integer literals:
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .detail(.saveTapped)))) {
///   $0.path = StackState()
/// }
/// ```
///
/// `Sendable`.
public struct StackElementID: Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// Which element this is: the generator's count when it was handed out.
  public let generation: Int

  /// Creates the id with the given generation.
  ///
  /// - Parameter generation: The element's number.
  public init(generation: Int) {
    self.generation = generation
  }

  /// Creates the id with the given generation: `0` is the first element a store pushes.
  ///
  /// - Parameter value: The element's number.
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }
}

extension StackElementID: CustomStringConvertible, CustomDebugStringConvertible {
  /// `#` and the generation: `#0`.
  public var description: String { "#\(generation)" }
  /// `#` and the generation: `#0`.
  public var debugDescription: String { description }
}

/// Hands out ``StackElementID``s in order: 0, 1, 2, …
///
/// Each store's dependencies have their own generator (resolved the first time the store
/// reads ``DependencyValues/stackElementID``), so the ids a test store's reducer hands out
/// start at 0 in every test. Copies of a generator share its count.
///
/// `Sendable`: the count is atomic.
public struct StackElementIDGenerator: Sendable {
  private final class Counter: Sendable {
    let next: Atomic<Int>
    init(_ first: Int) { next = Atomic(first) }
  }

  private let counter: Counter

  /// A generator whose first id is `first`.
  ///
  /// - Parameter first: The generation of the first id it hands out.
  public init(first: StackElementID = 0) {
    counter = Counter(first.generation)
  }

  /// Hands out the next id.
  ///
  /// - Returns: An id this generator never handed out before.
  public func next() -> StackElementID {
    StackElementID(generation: counter.next.wrappingAdd(1, ordering: .relaxed).oldValue)
  }

  /// The id ``next()`` would hand out now, without handing it out.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.next.load(ordering: .relaxed))
  }

  /// Hands out the next id: `stackElementID()`.
  ///
  /// - Returns: An id this generator never handed out before.
  public func callAsFunction() -> StackElementID {
    next()
  }

  /// A generator of its own that starts where this one is now: what a test store uses to
  /// hand out, in an assertion, the ids the reducer handed out for the same step.
  package func copy() -> Self {
    Self(first: peek())
  }
}

extension DependencyValues {
  /// Runs `body` with these values as ``current``, synchronously, outside any store.
  ///
  /// For a test store's assertion: `$0.path.append(x)` in the closure that states the
  /// expected state must hand out the id the reducer handed out in the same step. The test
  /// store copies its store's generator before the step (``StackElementIDGenerator/copy()``)
  /// and runs the closure with that copy:
  ///
  /// ```swift
  /// var values = store.dependencyValues
  /// values.stackElementID = generatorBeforeTheStep
  /// try values.withCurrent { try updateExpected(&expected) }
  /// ```
  ///
  /// - Parameter body: The code to run with these values.
  /// - Returns: What `body` returns.
  package func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
    try EffectDependencies.$current.withValue(DependencyScope(self), operation: body)
  }
}

extension DependencyValues {
  /// The generator of ``StackElementID``s: a new one, starting at 0, for each store.
  ///
  /// ``StackState`` takes the id of every element appended to it from here, so the ids a
  /// reducer hands out are deterministic: a test store's first push is 0, then 1, 2, …
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

private enum StackElementIDKey: DependencyKey {
  // Computed: each store's dependencies resolve (and keep) a generator of their own.
  static var liveValue: StackElementIDGenerator { StackElementIDGenerator() }
  static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}
