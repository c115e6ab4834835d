import StoreKernelTesting
import Testing

@testable import StoreKernel

/// What a presentation `ifLet` does without reading or writing more than it must: a child whose
/// state has no identity of its own is known by its place, and a child action the child does
/// nothing with (FeatureBridge's presented feature, for its outputs and its composed actions)
/// reaches the parent without running the child or writing the presented state.
@MainActor
struct PresentationPassingTests {
  /// A child with no identity of its own (not `Identifiable`, not an enum) that counts its
  /// runs; `.noted` is the action it does nothing with.
  struct Child: Reducer {
    struct State: Equatable {
      var runs = 0
    }

    enum Action: Equatable, Sendable {
      case ran
      case noted
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.runs += 1
      return .none
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var child: Child.State?
      var heard: [Child.Action] = []
    }

    enum Action: Equatable, Sendable {
      case child(PresentationAction<Child.Action>)
      case present
      case dismissOnNextNote

      static let childPath = ActionPath<Action, PresentationAction<Child.Action>>(
        embed: Action.child, extract: { if case .child(let action) = $0 { action } else { nil } })
    }

    var dismissesOnNote = false

    var body: some Reducer<State, Action> {
      Reduce<State, Action> { state, action in
        switch action {
        case .present:
          state.child = Child.State()
        case .child(.presented(let heard)):
          state.heard.append(heard)
          if dismissesOnNote, heard == .noted { state.child = nil }
        case .child(.dismiss), .dismissOnNextNote:
          break
        }
        return .none
      }
      .ifLet(
        \.$child, action: Action.childPath, fileID: #fileID, line: #line,
        passing: { $0 == .noted }
      ) {
        Child()
      }
    }
  }

  @Test func aPlainChildIsKnownByItsPlaceAlone() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    await store.send(.present) { $0.child = Child.State() }
    #expect(
      store.state.$child.presentedID
        == NavigationID(place: \Parent.State.$child, identity: nil))
    await store.send(.child(.presented(.ran))) {
      $0.child?.runs = 1
      $0.heard = [.ran]
    }
    // Still the same child after it changed.
    #expect(
      store.state.$child.presentedID
        == NavigationID(place: \Parent.State.$child, identity: nil))
  }

  @Test func anActionTheChildPassesReachesOnlyTheParentAndWritesNothingPresented() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    await store.send(.present) { $0.child = Child.State() }
    await store.send(.child(.presented(.ran))) {
      $0.child?.runs = 1
      $0.heard = [.ran]
    }
    let before = store.state.$child.stamp
    // The child did not run (its count stays), the parent heard it.
    await store.send(.child(.presented(.noted))) { $0.heard = [.ran, .noted] }
    #expect(store.state.$child.stamp == before)
  }

  @Test func aParentThatDismissesOnAPassedActionStillEndsTheChild() async {
    var parent = Parent()
    parent.dismissesOnNote = true
    let store = TestStore(initialState: Parent.State(), reducer: parent)
    await store.send(.present) { $0.child = Child.State() }
    await store.send(.child(.presented(.noted))) {
      $0.child = nil
      $0.heard = [.noted]
    }
    #expect(store.state.$child.presentedID == nil)
  }

  @Test func aPassedActionWhileNothingIsPresentedIsReported() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    await withKnownIssue {
      await store.send(.child(.presented(.noted))) { $0.heard = [.noted] }
    } matching: { issue in
      issue.description.contains("received a child action while nothing was presented")
    }
  }
}
