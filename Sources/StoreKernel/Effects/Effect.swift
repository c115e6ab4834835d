/// Work a reducer asks its store to do after it returns: send more actions, run async code, or
/// cancel work already running.
///
/// Effects are values: building one does nothing until a store starts it. `.none` costs nothing
/// (no allocation), so the common case of a reducer with no side effect stays cheap.
///
/// An effect tree may be at most 1,000 levels deep. A level is a merge, a concatenation,
/// `cancellable`, `throttle`, `debounce` or `timeout` around effects; a chain grown one link at
/// a time (`effect = effect.concatenate(with: next)`, or `merge(with:)`) stays one level however
/// long it grows, and `map` adds none. A tree built deeper (operators alternated 1,000 times) is
/// reported through ``IssueReporter`` where it is built and does nothing when started: starting,
/// mapping and releasing a tree recurse once per level on the stack
/// (docs/decisions/0013-effects-from-primitives.md).
///
/// `Sendable`: every closure an effect holds is `@Sendable`.
public struct Effect<Action: Sendable>: Sendable {
  /// What the effect does: three primitives and `.none`, which the runtime starts in code
  /// specialized for the store's types, and every other operator behind one protocol.
  ///
  /// The payloads are at most three words, and none is of a resilient type: returning `.none`,
  /// checking for it and dropping it then compile to a few instructions in a client's
  /// specialized code (a resilient payload made the whole enum's layout a run-time one, so that
  /// even `.none` was built and destroyed through the Swift runtime: docs/performance.md).
  /// Operators are boxed, so their size never matters.
  ///
  /// A new operator (cancellation, concatenation, throttling, a timeout) is one type conforming
  /// to ``EffectOperator``, in a file of its own: nothing here, in the runtime or in `map`
  /// changes (docs/decisions/0013-effects-from-primitives.md).
  @usableFromInline
  enum Operation: Sendable {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    indirect case composed(any EffectOperator<Action>)
  }

  /// The work of a `.run` effect: three words, so that it fits inline (see `Operation`).
  @usableFromInline
  struct Run: Sendable {
    /// The dependencies of the reducer that created the effect (with a reducer's
    /// `.dependency` overrides), or `nil` outside a reducer: then the store's.
    @usableFromInline let dependencies: DependencyScope?
    @usableFromInline let body: @Sendable (Send<Action>) async -> Void

    @usableFromInline
    init(
      dependencies: DependencyScope? = ReducerDependencies.current,
      body: @escaping @Sendable (Send<Action>) async -> Void
    ) {
      self.dependencies = dependencies
      self.body = body
    }

    /// The same work, sending actions transformed by `transform`.
    func map<Other: Sendable>(
      _ transform: @escaping @Sendable (Action) -> Other
    ) -> Effect<Other>.Run {
      let body = body
      return .init(dependencies: dependencies) { send in await body(send.map(transform)) }
    }
  }

  @usableFromInline let operation: Operation

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work. Free to create and to return.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Feeds `action` back into the store right after the current action, before any observer is
  /// notified.
  ///
  /// Prefer calling a method on your reducer for shared logic: every action costs
  /// a trip through the store.
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs async work off the store's actor; it may send actions back with `send`.
  ///
  /// Cancellation errors are ignored. Any other error goes to `handler`, or, without one, is
  /// reported as a runtime issue (a test failure under StoreKernelTesting).
  ///
  /// ```swift
  /// return .run { send in
  ///   let drafts = try await storage.load()
  ///   await send(.internal(.loaded(drafts)))
  /// } catch: { error, send in
  ///   await send(.internal(.loadFailed("\(error)")))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work. `send` delivers actions to the store.
  ///   - handler: Handles errors thrown by `operation`, other than cancellation.
  ///   - fileID: Where the effect was created, used when reporting an unhandled error.
  ///   - line: Where the effect was created, used when reporting an unhandled error.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    // The origin is formatted only if an error is reported: building the string here would
    // allocate on every effect. Inlinable, so that the closure is formed specialized in the
    // reducer's module.
    let run = Run(dependencies: ReducerDependencies.current) { send in
      do {
        try await operation(send)
      } catch is CancellationError {
      } catch {
        if Task.isCancelled { return }
        if let handler {
          await handler(error, send)
        } else {
          IssueReporter.report(
            "An Effect.run created at \(fileID):\(line) threw an unhandled error: \(error). "
              + "Handle it with `catch:` or inside the operation.")
        }
      }
    }
    guard let priority else { return Self(.run(run)) }
    return .prioritized(priority, run)
  }

  /// Runs all of `effects` at the same time.
  ///
  /// - Parameter effects: The effects to run.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs all of `effects` at the same time.
  ///
  /// - Parameter effects: The effects to run.
  public static func merge(_ effects: [Self]) -> Self {
    // Merges inside a merge are spliced into it, and a long one that comes first is appended
    // to in place (see `MergeChain`): `a.merge(with: b).merge(with: c)…` costs O(1) a link and
    // stays one level deep however long the chain, so starting or releasing it never recurses
    // per link.
    var head: EffectRun<Action>?
    var work: [Self] = []
    work.reserveCapacity(effects.count)
    // The deepest part's depth: a spliced merge's or chain's parts' (one less than its own),
    // and each other part's.
    var partsDepth = 0
    for effect in effects {
      switch effect.operation {
      case .none:
        continue
      case .merge(let inner):
        work.append(contentsOf: inner)
        partsDepth = Swift.max(partsDepth, effect.nestingDepth - 1)
      case .composed(let composed):
        if let chain = composed as? MergeChain<Action> {
          if head == nil, work.isEmpty {
            head = chain.run
          } else {
            work.append(contentsOf: chain.run.parts)
          }
          partsDepth = Swift.max(partsDepth, chain.nestingDepth - 1)
        } else {
          work.append(effect)
          partsDepth = Swift.max(partsDepth, composed.nestingDepth)
        }
      default:
        work.append(effect)
      }
    }
    if let head {
      return nesting(partsDepth: partsDepth) {
        Self(
          .composed(
            MergeChain(run: head.appending(contentsOf: work), nestingDepth: partsDepth + 1)))
      }
    }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    case ...MergeChain<Action>.inlineLimit:
      return nesting(partsDepth: partsDepth) { Self(.merge(work)) }
    default:
      return nesting(partsDepth: partsDepth) {
        Self(.composed(MergeChain(run: EffectRun(work), nestingDepth: partsDepth + 1)))
      }
    }
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// - Parameter other: The effect to run alongside.
  /// - Returns: The merged effect.
  @inlinable
  public func merge(with other: Self) -> Self {
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return .merge([self, other])
  }

  /// Whether this effect does nothing.
  @inlinable
  public var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Whether this effect has no `.run` anywhere in it to transform (it does nothing, or only
  /// sends): a transform of its runs returns it as it is, without a walk.
  @inlinable
  var hasNoRuns: Bool {
    switch operation {
    case .none, .send: return true
    case .run, .merge, .composed: return false
    }
  }
}
