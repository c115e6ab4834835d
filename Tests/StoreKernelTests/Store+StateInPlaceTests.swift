import StoreKernel
import Testing

private struct Profile {
  var name = ""
  var visits = 0
}

private enum ProfileAction: Sendable {
  case rename(String)
  case visit
}

private struct ProfileReducer: Reducer {
  /// Called as the reducer runs: the misuse of reading the store from its own reducer.
  var duringReduce: @Sendable () -> Void = {}

  func reduce(into state: inout Profile, action: ProfileAction) -> Effect<ProfileAction> {
    duringReduce()
    switch action {
    case .rename(let name): state.name = name
    case .visit: state.visits += 1
    }
    return .none
  }
}

/// Reads the property at `reader` through `withStateInPlace`, as a view store's read does.
@MainActor private func readInPlace<State, Value>(
  _ store: Store<State, some Sendable>, _ reader: KeyPathReader<State, Value>
) -> Value? {
  guard let offset = reader.offset else { return nil }
  var value: Value?
  store.withStateInPlace { value = $0.load(fromByteOffset: offset, as: Value.self) }
  return value
}

/// A store lends its state in place for a read of one stored property: the value is the one
/// `state` holds, after every action, and the read keeps the checks of `state`.
@MainActor @Suite struct StoreStateInPlaceTests {
  @Test func aRootStoreLendsItsCurrentState() {
    let store = Store(initialState: Profile(), reducer: ProfileReducer())
    let name = KeyPathReader(\Profile.name)
    let visits = KeyPathReader(\Profile.visits)
    #expect(readInPlace(store, name) == "")
    for index in 1...50 {
      store.send(.rename("name \(index)"))
      store.send(.visit)
      #expect(readInPlace(store, name) == store.state.name)
      #expect(readInPlace(store, visits) == index)
    }
  }

  @Test func aScopedStoreLendsItsDerivedStateAndCountsTheDerivation() {
    struct Root {
      var count = 0
      var profile = Profile()
    }
    enum RootAction: Sendable {
      case profile(ProfileAction)
    }
    let root = Store(
      initialState: Root(),
      reducer: Scope(
        state: \Root.profile,
        action: ActionPath<RootAction, ProfileAction>(
          embed: RootAction.profile,
          extract: { if case .profile(let action) = $0 { action } else { nil } })
      ) { ProfileReducer() })
    let profile = root.scope(state: \.profile, action: RootAction.profile)
    profile.send(.rename("Ada"))
    let before = profile.eventCounters.events.stateDerivations
    #expect(readInPlace(profile, KeyPathReader(\Profile.name)) == "Ada")
    #expect(profile.eventCounters.events.stateDerivations == before + 1)
  }

  @Test func aReadInPlaceFromTheReducerTrapsAsAStateReadDoes() async throws {
    guard
      let child = try await trapInChild(
        "reducerReadsInPlace", suite: "StoreStateInPlaceTests",
        test: "aReadInPlaceFromTheReducerTrapsAsAStateReadDoes")
    else {
      let holder = InPlaceHolder()
      let store = Store(
        initialState: Profile(),
        reducer: ProfileReducer(duringReduce: {
          MainActor.assumeIsolated {
            if let store = holder.store { _ = readInPlace(store, KeyPathReader(\Profile.visits)) }
          }
        }))
      holder.store = store
      store.send(.visit)
      return
    }
    #expect(child.signaled)
    #expect(child.printed.contains("A store's state was read while its reducer was running"))
  }
}

@MainActor private final class InPlaceHolder {
  var store: Store<Profile, ProfileAction>?
}
