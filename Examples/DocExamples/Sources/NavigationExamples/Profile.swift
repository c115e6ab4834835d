import StoreKernel

// Bindings and change reactions: BindingAction's, BindableAction's, BindingReducer's and
// onChange's doc comments, and the Navigation article.

/// A form whose fields a view sets with binding actions.
struct Profile: Reducer {
  struct State: Equatable {
    var name = ""
    var nameIsValid = false
    var notifications = false
  }

  enum Action: BindableAction, Sendable {
    case binding(BindingAction<State>)
    case saveTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.nameIsValid = !state.name.isEmpty
        return .none
      case .binding, .saveTapped:
        return .none
      }
    }
  }
}

@MainActor func rename(in store: Store<Profile.State, Profile.Action>) {
  store.send(.binding(.set(\.name, "Blob")))
}

/// Settings whose status line follows the theme.
struct Settings: Reducer {
  struct State: Equatable {
    var theme = "light"
    var status = ""
  }

  enum Action: Equatable, Sendable {
    case themeChosen(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .themeChosen(let theme): state.theme = theme
    }
    return .none
  }
}

func settingsReducer() -> some Reducer<Settings.State, Settings.Action> {
  Settings().onChange(of: \.theme) { oldTheme, newTheme in
    Reduce { state, _ in
      state.status = "Theme: \(newTheme)"
      return .none
    }
  }
}
