/// The actions between a parent and a feature it presents, as the parent's reducer sees them:
/// the inputs it sends the feature, and the outputs the feature sends back. The feature's
/// state, actions and reducer stay its own; the parent holds only the value it presented it
/// with.
///
/// ```swift
/// public enum Action: Equatable, Sendable {
///   case recordTapped
///   case stopTapped
///   case recorder(PresentationAction<FeatureAction<RecorderInput, RecorderOutput>>)
/// ```
///
/// A parent sends an input with `.send(.recorder(.presented(.input(.stop))))` and handles
/// each output with an exhaustive `switch` on `.recorder(.presented(.output(let output)))`.
/// When the feature is composed into the parent's store (``FeatureHosting/composed``), the
/// feature's own actions pass through the parent's store too, as `.composed(_:)`: the parent
/// lets them through (`case .recorder: return .none`), as it would a child's in TCA.
///
/// `Sendable`; `Equatable` when both are.
public enum FeatureAction<Input: Sendable, Output: Sendable>: Sendable {
  /// An input the parent sends the presented feature.
  case input(Input)
  /// An output of the presented feature.
  case output(Output)
  /// An action of the feature itself, while it is composed into the parent's store: opaque to
  /// the parent, which only passes it on.
  case composed(ComposedAction)
}

extension FeatureAction: Equatable where Input: Equatable, Output: Equatable {}
