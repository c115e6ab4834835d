// The keystroke loops of FeatureBridgeBenchmarks' view store and @Observable benchmarks, bare:
// no benchmark harness and no other features, so that `valgrind --tool=callgrind` counts the
// instructions one keystroke takes (deterministic, where wall-clock times on a shared machine
// are not). The fixtures (Typing.swift, RedrawingViews.swift) are the benchmarks' own files,
// linked here: an executable target cannot import another, and the same module's code keeps the
// counts those of the benchmarks.
//
// Run (from Benchmarks/), for MODE in keys, plain, feature, stamped, model, revision-only, outputs, notes
// (NotesTyping.swift: the notes' terminal view, a key and a render under tracking):
//     swift build -c release --product KeystrokeInstructions
//     valgrind --tool=callgrind .build/release/KeystrokeInstructions MODE 100000
//     valgrind --tool=callgrind .build/release/KeystrokeInstructions MODE 1000
// Instructions per keystroke: the difference of the two totals ("Collected") over 99,000. The
// notes mode renders a screen per key (about 100,000 instructions): run it with 10,000 and
// 1,000 keys, over 9,000.
//
// KernelSends.swift adds the kernel's own paths (modes scoped10, dependency, fanout100), and
// BodyCalls.swift a body against reduce (reduce-trivial, body-trivial, reduce-composed,
// body-composed).
//
// Used by docs/performance.md.

import Dispatch
import FeatureBridge
import StoreKernel

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// A view over a feature's view store, drawn under tracking after every key (the view tracks
/// the revision and peeks at the text).
func typeIntoAFeatureWhoseViewDraws(_ keys: Int, isolation: isolated any Actor = #isolation) {
  let redraws = RedrawRequests()
  let feature = FeatureLauncher { (_: Void) in
    FeatureRecipe(name: "Typing", initialState: TypingState(), reducer: TypingReducer())
  }.start()
  let view = TypingFeatureView(
    feature.viewStore(state: TypingState.self, viewAction: TypingAction.ViewAction.self))
  blackHole(view.draw(onChange: redraws))
  for _ in 0..<keys {
    view.viewStore.send(.typed("a"))
    blackHole(view.draw(onChange: redraws))
  }
  precondition(redraws.total == keys)
  blackHole(feature)
}

/// The same, the view tracking the text too, by its stamp.
@MainActor func typeIntoAFeatureWhoseViewDrawsTheStampedText(_ keys: Int) {
  let redraws = RedrawRequests()
  let feature = FeatureLauncher { (_: Void) in
    FeatureRecipe(
      name: "Typing", initialState: StampedTypingState(), reducer: StampedTypingReducer())
  }.start()
  let view = StampedTypingFeatureView(
    feature.viewStore(state: StampedTypingState.self, viewAction: TypingAction.ViewAction.self))
  blackHole(view.draw(onChange: redraws))
  for _ in 0..<keys {
    view.viewStore.send(.typed("a"))
    blackHole(view.draw(onChange: redraws))
  }
  precondition(redraws.total == keys)
  blackHole(feature)
}

/// A keystroke through a feature's view store whose view read the revision once.
@MainActor func typeThroughAViewStore(_ keys: Int) {
  let feature = FeatureLauncher { (_: Void) in
    FeatureRecipe(name: "Typing", initialState: TypingState(), reducer: TypingReducer())
  }.start()
  let viewStore = feature.viewStore(
    state: TypingState.self, viewAction: TypingAction.ViewAction.self)
  blackHole(viewStore.revision)
  for _ in 0..<keys { viewStore.send(.typed("a")) }
  precondition(viewStore.revision == keys)
  blackHole(feature)
}

/// The same keystroke into a plain store with one observer on the revision.
@MainActor func typeIntoAPlainStore(_ keys: Int) {
  let store = Store(initialState: TypingState(), reducer: TypingReducer())
  var seen = 0
  let token = store.observe(\.revision) { seen = $0 }
  for _ in 0..<keys { store.send(.view(.typed("a"))) }
  precondition(seen == keys)
  token.cancel()
}

/// The same view over an `@Observable` model, drawn under tracking after every key.
func typeIntoAModel<Model: TypingModelProtocol>(
  _ keys: Int, _ model: Model, isolation: isolated any Actor = #isolation
) {
  let redraws = RedrawRequests()
  let view = TypingModelView(model)
  blackHole(view.draw(onChange: redraws))
  for _ in 0..<keys {
    view.model.type("a")
    blackHole(view.draw(onChange: redraws))
  }
  precondition(redraws.total == keys)
}

/// An actor on the runtime's default executor, as the timed benchmarks' host is: a store's
/// isolation check on it asks the runtime, where on the main actor it asks the main queue.
actor LoopHost {
  func typeIntoAFeatureWhoseViewDraws(_ keys: Int) {
    KeystrokeInstructions.typeIntoAFeatureWhoseViewDraws(keys)
  }

  func typeIntoARevisionOnlyModel(_ keys: Int) {
    typeIntoAModel(keys, RevisionOnlyTypingModel())
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let keys = Int(arguments[2]), keys > 0 else {
  fatalError(
    "usage: KeystrokeInstructions "
      + "keys|plain|feature|stamped|model|revision-only|feature-actor|revision-only-actor|notes|"
      + "scoped10|dependency|dependency-key|dependency-body|dependency-key-body|fanout100|reduce-trivial|body-trivial|reduce-composed|"
      + "body-composed KEYS")
}
if arguments[1] == "notes" {
  typeIntoTheNotes(keys)
} else if arguments[1].hasSuffix("-actor") {
  // Off the main thread, on the runtime's pool; the main thread waits for it.
  let done = DispatchSemaphore(value: 0)
  let mode = arguments[1]
  Task.detached {
    let host = LoopHost()
    if mode == "feature-actor" {
      await host.typeIntoAFeatureWhoseViewDraws(keys)
    } else if mode == "revision-only-actor" {
      await host.typeIntoARevisionOnlyModel(keys)
    } else {
      fatalError("unknown mode \(mode)")
    }
    done.signal()
  }
  done.wait()
} else {
  MainActor.assumeIsolated {
    switch arguments[1] {
    case "keys": typeThroughAViewStore(keys)
    case "plain": typeIntoAPlainStore(keys)
    case "feature": typeIntoAFeatureWhoseViewDraws(keys)
    case "stamped": typeIntoAFeatureWhoseViewDrawsTheStampedText(keys)
    case "model": typeIntoAModel(keys, TypingModel())
    case "revision-only": typeIntoAModel(keys, RevisionOnlyTypingModel())
    case "scoped10": sendThroughTenScopes(keys)
    case "outputs": emitOutputsDirectly(keys)
    case "dependency": sendReadingADependency(keys)
    case "dependency-key": sendReadingADependencyByKey(keys, inABody: false)
    case "dependency-body": sendReadingADependencyByKey(keys, inABody: true, byKey: false)
    case "dependency-key-body": sendReadingADependencyByKey(keys, inABody: true)
    case "fanout100": sendToAHundredObservers(keys)
    case "reduce-trivial": callTrivialReducer(keys, body: false)
    case "body-trivial": callTrivialReducer(keys, body: true)
    case "reduce-composed": callComposedReducer(keys, body: false)
    case "body-composed": callComposedReducer(keys, body: true)
    default: fatalError("unknown mode \(arguments[1])")
    }
  }
}
