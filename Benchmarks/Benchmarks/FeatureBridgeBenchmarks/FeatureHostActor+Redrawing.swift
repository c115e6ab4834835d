import Benchmark
import FeatureBridge

extension FeatureHostActor {
  /// How many other features are alive around the one typed into, each drawn once (the other
  /// screens of an app).
  static let otherFeatures = 200

  /// A keystroke through a feature's view store whose view draws again after every key, under
  /// `withObservationTracking`, as a terminal or SwiftUI view does, with 200 other features
  /// alive: the send, the reducer, the view store telling Observation, the tracking's
  /// `onChange`, and the next draw's reads and tracking.
  func typeIntoAFeatureWhoseViewDrawsEachKey(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let redraws = RedrawRequests()
    var others: [(FeatureHandle<Never, Never>, TypingFeatureView)] = []
    for _ in 0..<Self.otherFeatures {
      let other = FeatureLauncher { (_: Void) in
        FeatureRecipe(name: "Other", initialState: TypingState(), reducer: TypingReducer())
      }.start()
      let view = TypingFeatureView(
        other.viewStore(state: TypingState.self, viewAction: TypingAction.ViewAction.self))
      blackHole(view.draw(onChange: redraws))
      others.append((other, view))
    }
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Typing", initialState: TypingState(), reducer: TypingReducer())
    }.start()
    let view = TypingFeatureView(
      feature.viewStore(state: TypingState.self, viewAction: TypingAction.ViewAction.self))
    blackHole(view.draw(onChange: redraws))

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      view.viewStore.send(.typed("a"))
      blackHole(view.draw(onChange: redraws))
    }
    benchmark.stopMeasurement()

    // Each key ended the tracking of the draw before it, and nothing else was reported.
    precondition(redraws.total == benchmark.scaledIterations.count)
    precondition(view.draw(onChange: redraws) == 2 * benchmark.scaledIterations.count)
    await feature.stop()
    for (other, _) in others { await other.stop() }
  }

  /// The same, with the text stamped in the feature's state and read tracked by the view, as
  /// the view over a model reads it: compared with the model whose view tracks both.
  func typeIntoAFeatureWhoseViewDrawsTheStampedTextEachKey(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let redraws = RedrawRequests()
    var others: [(FeatureHandle<Never, Never>, TypingFeatureView)] = []
    for _ in 0..<Self.otherFeatures {
      let other = FeatureLauncher { (_: Void) in
        FeatureRecipe(name: "Other", initialState: TypingState(), reducer: TypingReducer())
      }.start()
      let view = TypingFeatureView(
        other.viewStore(state: TypingState.self, viewAction: TypingAction.ViewAction.self))
      blackHole(view.draw(onChange: redraws))
      others.append((other, view))
    }
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: "Typing", initialState: StampedTypingState(), reducer: StampedTypingReducer())
    }.start()
    let view = StampedTypingFeatureView(
      feature.viewStore(state: StampedTypingState.self, viewAction: TypingAction.ViewAction.self))
    blackHole(view.draw(onChange: redraws))
    let redrawsBefore = redraws.total

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      view.viewStore.send(.typed("a"))
      blackHole(view.draw(onChange: redraws))
    }
    benchmark.stopMeasurement()

    precondition(redraws.total - redrawsBefore == benchmark.scaledIterations.count)
    precondition(view.draw(onChange: redraws) == 2 * benchmark.scaledIterations.count)
    await feature.stop()
    for (other, _) in others { await other.stop() }
  }

  /// The same keystroke and the same view over a plain `@Observable` model, with no store and
  /// no feature: what the view store's cost is measured against.
  func typeIntoAnObservableModelWhoseViewDrawsEachKey<Model: TypingModelProtocol>(
    _ box: UncheckedBox<Benchmark>, model: Model
  ) {
    let benchmark = box.value
    let redraws = RedrawRequests()
    let view = TypingModelView(model)
    blackHole(view.draw(onChange: redraws))

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      view.model.type("a")
      blackHole(view.draw(onChange: redraws))
    }
    benchmark.stopMeasurement()

    precondition(redraws.total == benchmark.scaledIterations.count)
    precondition(view.draw(onChange: redraws) == 2 * benchmark.scaledIterations.count)
  }
}
