import StoreKernel

// The example in the doc comment of `Effect.timeout`: a load that must not wait forever.

/// Where the notes come from.
struct NotesClient: Sendable {
  var load: @Sendable () async throws -> [String]
}

/// Loads notes, giving up after ten seconds.
struct Loading: Reducer {
  struct State: Equatable, Sendable {
    var notes: [String] = []
    var timedOut = false
  }

  enum Action: Equatable, Sendable {
    case load
    case loaded([String])
    case loadTimedOut
  }

  let client: NotesClient
  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { send in
        await send(.loaded(try await client.load()))
      }
      .timeout(.seconds(10), clock: clock, sending: .loadTimedOut)
    case .loaded(let notes):
      state.notes = notes
      return .none
    case .loadTimedOut:
      state.timedOut = true
      return .none
    }
  }
}
