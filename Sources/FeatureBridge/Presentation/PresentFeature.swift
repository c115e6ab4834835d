import StoreKernel

/// Starts a presented feature in a store of its own, on the presenting store's actor, right
/// where the parent presents it (the effect the presentation returns), and ties its life to
/// the child it is: when the child's id is cancelled (dismissed, popped, replaced) the feature
/// stops, and its outputs stop reaching the parent.
///
/// - Its store starts from the parent store's dependencies, under its own, with a `dismiss`
///   that sends the parent the child's dismiss action (`.dismiss`, or `.popFrom(id:)`).
/// - Its outputs reach the parent as actions at once, on the actor they share: each is sent to
///   the parent's store as the child emits it (queued behind the action the parent handles, if
///   it handles one), never through a task, so the keys a person types after a key that made a
///   child report find the parent already changed. Once the child is dismissed, nothing it
///   emits reaches the parent.
/// - Dismissed (or replaced, or popped), or when its parent's store goes, it stops at once: its
///   effects are cancelled and its store released, as TCA cancels a dismissed child's effects.
///   A parent behind a boundary that is stopped stops what it presents first, as their hosts
///   would (their stop actions run).
struct PresentFeature<Action: Sendable, Start: Sendable, Input: Sendable, Output: Sendable>:
  EffectOperator
{
  let value: Start
  let launcher: FeatureLauncher<Start, Input, Output>
  let output: @Sendable (Output) -> Action?
  let dismiss: Action?

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    guard let child = ids.last(where: \.marksChild), let isolation = runtime.isolation else {
      return StoreTask()
    }
    let presented = runtime.operatorState(PresentedFeatures.self) { PresentedFeatures() }
    if presented.feature(for: child) != nil { return StoreTask() }
    let feature = launch(in: runtime, on: isolation).value
    let handle = PresentedFeature(feature)
    presented.insert(handle, for: child, depth: ids.count { $0.marksChild })

    let output = output
    let carried = handle.carried
    let sink = runtime.sink()
    // Called inside the child's reducer, on the actor: the parent's store queues the action if
    // it is handling one (the child's input came from the parent's own send).
    feature.onOutput { value in
      if let action = output(value) { sink.sendOnActor(action) }
      carried.add()
    }
    // Dismissed, replaced, popped, or its parent stopping or going: let go, which stops it at
    // once (its effects cancelled, its store released), as TCA cancels a dismissed child's
    // effects. A parent's host that stops gracefully stops what it presents first.
    runtime.attach(ids: ids) { [weak presented] _ in
      presented?.remove(child)?.letGo()
    }
    return StoreTask()
  }

  /// The feature, started on `isolation` inside a scope of the parent's dependencies.
  private func launch(
    in runtime: any EffectRuntime<Action>, on isolation: any Actor
  ) -> OnItsActor<Feature<Input, Output>> {
    let parent = runtime.dependencyValues
    let launcher = parent[feature: launcher]
    let sink = runtime.sink()
    let dismiss = dismiss
    let value = value
    // The store starts on its actor, which the caller is on (an operator starts there).
    return isolation.assumeIsolated { isolation in
      withDependencies {
        $0 = parent
        $0.dismiss = DismissEffect {
          if let dismiss { await sink.send(dismiss) }
        }
      } operation: {
        OnItsActor(
          value: launcher.launch(value, nil, { _ in }, isolation))
      }
    }
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    let output = output
    return Effect<Other>(
      composing: PresentFeature<Other, Start, Input, Output>(
        value: value, launcher: launcher,
        output: { value in output(value).flatMap(transform.action) },
        dismiss: dismiss.flatMap(transform.action)))
  }
}

/// Hands an input to the presented feature the effect runs in (the child it is marked with):
/// what a parent's `.presented(.input(x))` does.
struct SendToPresented<Action: Sendable, Input: Sendable, Output: Sendable>: EffectOperator {
  let input: Input
  let fileID: StaticString
  let line: UInt

  func start(in runtime: any EffectRuntime<Action>, ids: [EffectID]) -> StoreTask {
    let presented = runtime.operatorState(PresentedFeatures.self) { PresentedFeatures() }
    guard let child = ids.last(where: \.marksChild) else { return StoreTask() }
    // A feature composed into the store took the input in the parent's reducer.
    if presented.feature(for: child) is ComposedFeature<Input, Output> { return StoreTask() }
    guard let feature = presented.feature(for: child) as? PresentedFeature<Input, Output>
    else {
      IssueReporter.report(
        "A presented feature at \(fileID):\(line) was sent an input while it was not running: "
          + "\(input). It reached no feature.")
      return StoreTask()
    }
    feature.feature.sendNow(input)
    return StoreTask()
  }

  func rebuilt<Other: Sendable>(_ transform: EffectTransform<Action, Other>) -> Effect<Other> {
    Effect<Other>(
      composing: SendToPresented<Other, Input, Output>(input: input, fileID: fileID, line: line))
  }

  var isImmediate: Bool { true }
}

/// A feature made on its actor, carried out of `assumeIsolated` (whose result must be
/// `Sendable`) to the operator that made it, on the same actor.
@usableFromInline
struct OnItsActor<Value>: @unchecked Sendable {
  // SAFETY: made on the presenting store's actor and handed straight back to the code running
  // there (`PresentFeature.launch`, `Feature.composedHandle`): it never reaches another thread.
  @usableFromInline let value: Value

  @usableFromInline
  init(value: Value) {
    self.value = value
  }
}
