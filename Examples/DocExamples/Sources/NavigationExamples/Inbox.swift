import StoreKernel

// An enum destination: one of several children, or an alert, presented at a time.

/// Where the inbox can go: the editor, or an alert.
struct Destination: Reducer {
  enum State: Equatable, Sendable {
    case editor(Editor.State)
    case alert(AlertState<Alert>)
  }

  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case alert(Alert)
  }

  enum Alert: Equatable, Sendable {
    case discardDraft
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Scope(state: State.editorPath, action: Action.editorPath) { Editor() }
      .reduce(into: &state, action: action)
  }
}

extension Destination.State {
  static let editorPath = CasePath<Self, Editor.State>(
    embed: Self.editor, extract: { if case .editor(let state) = $0 { state } else { nil } })
}

extension Destination.Action {
  static let editorPath = ActionPath<Self, Editor.Action>(
    embed: Self.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
}

/// A list of messages that presents one destination at a time.
struct Inbox: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destination.State?
    var drafts: [String] = []
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case composeTapped
    case discardTapped

    static let destinationPath = ActionPath<Action, PresentationAction<Destination.Action>>(
      embed: Action.destination,
      extract: { if case .destination(let action) = $0 { action } else { nil } })
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .composeTapped:
        state.destination = .editor(Editor.State())
        state.$destination[case: Destination.State.editorPath]?.text = "Draft"
      case .discardTapped:
        state.destination = .alert(
          AlertState {
            TextState("Discard the draft?")
          } actions: {
            ButtonState(role: .destructive, action: .discardDraft) { TextState("Discard") }
          })
      case .destination(.dismiss):
        // Runs before the destination goes: the draft is still there to keep.
        if let text = state.$destination[case: Destination.State.editorPath]?.text {
          state.drafts.append(text)
        }
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destinationPath) { Destination() }
  }
}
