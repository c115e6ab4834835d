// What a terminal view or a SwiftUI body does after every key: it reads what it shows inside
// `withObservationTracking` and is told, once, when any of it changes. The same view over a
// feature's view store and over a plain `@Observable` model with no store at all.

import FeatureBridge
import Observation
import Synchronization

/// Counts the changes Observation reports to the views (each tracking reports at most one).
final class RedrawRequests: Sendable {
  private let count = Atomic(0)

  /// How many changes were reported.
  var total: Int { count.load(ordering: .relaxed) }

  /// A change was reported: the view would schedule a redraw.
  func requestRedraw() {
    count.add(1, ordering: .relaxed)
  }
}

/// The typing view over a feature's view store: shows the text's length and the revision. It
/// tracks the revision and reads the text untracked (a tracked read of the text would compare
/// it, and keep a copy of it, on every key).
final class TypingFeatureView {
  let viewStore: ViewStore<TypingState, TypingAction.ViewAction>

  init(_ viewStore: ViewStore<TypingState, TypingAction.ViewAction>) {
    self.viewStore = viewStore
  }

  /// Draws under tracking, as a renderer does after each change.
  func draw(onChange redraws: RedrawRequests) -> Int {
    withObservationTracking {
      viewStore.revision &+ viewStore.peek(\.text).utf8.count
    } onChange: {
      redraws.requestRedraw()
    }
  }
}

/// What the typing views over a model read and change.
protocol TypingModelProtocol: AnyObject {
  var text: String { get }
  var revision: Int { get }
  func type(_ character: Character)
}

/// The typing view over a view store whose state stamps the text: shows the same, and tracks
/// both what it shows, the text by its stamp.
final class StampedTypingFeatureView {
  let viewStore: ViewStore<StampedTypingState, TypingAction.ViewAction>

  init(_ viewStore: ViewStore<StampedTypingState, TypingAction.ViewAction>) {
    self.viewStore = viewStore
  }

  /// Draws under tracking, as a renderer does after each change.
  func draw(onChange redraws: RedrawRequests) -> Int {
    withObservationTracking {
      viewStore.revision &+ viewStore.$text.utf8.count
    } onChange: {
      redraws.requestRedraw()
    }
  }
}

/// The same editor as a plain `@Observable` model, with no store: a key mutates it directly.
@Observable final class TypingModel: TypingModelProtocol {
  var text = ""
  var revision = 0

  /// One keystroke, as `TypingReducer` handles it.
  func type(_ character: Character) {
    text.append(character)
    revision &+= 1
  }
}

/// The same editor, where only the revision is observable: a view over it tracks exactly what
/// the view over the view store tracks.
@Observable final class RevisionOnlyTypingModel: TypingModelProtocol {
  @ObservationIgnored var text = ""
  var revision = 0

  /// One keystroke, as `TypingReducer` handles it.
  func type(_ character: Character) {
    text.append(character)
    revision &+= 1
  }
}

/// The same typing view over a model: shows the text's length and the revision, reading both
/// through the model (Observation keeps no values, so tracking the text costs no copy).
final class TypingModelView<Model: TypingModelProtocol> {
  let model: Model

  init(_ model: Model) {
    self.model = model
  }

  /// Draws under tracking, as a renderer does after each change.
  func draw(onChange redraws: RedrawRequests) -> Int {
    withObservationTracking {
      model.revision &+ model.text.utf8.count
    } onChange: {
      redraws.requestRedraw()
    }
  }
}
