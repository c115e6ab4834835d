import StoreKernel

/// Handing the note to the list: when typing pauses, on a save, and when the editor closes.
extension NoteEditorReducer {
  enum CancelID: Hashable, Sendable { case reportTimer }

  /// The longest typing may go on without the list hearing of it: five quiet delays (5 s by
  /// default), as the list's autosave waits at most.
  var reportMaxWait: Duration { reportDelay * 5 }

  /// One timer per quiet period, not an effect per keystroke: when it fires, it hands the note
  /// over if the last edit is `reportDelay` old (or the first unreported one is
  /// ``reportMaxWait`` old), and otherwise sleeps exactly until the earlier of the two.
  ///
  /// The list's autosave is the same timing, and uses `debounce(id:for:maxWait:clock:)`. This
  /// one runs on every keystroke, where an operator effect a key (built and started in generic
  /// code) cost about 9,700 instructions and doubled the store's CPU per key in
  /// `AppShell compare` (docs/performance.md, "A bounded debounce"): it stays one state write
  /// a key.
  func armReport(
    _ state: inout NoteEditorState, after wait: Duration
  ) -> Effect<NoteEditorAction> {
    state.reportArmed = true
    let clock = clock
    return .run { send in
      try await clock.sleep(for: wait)
      await send(.internal(.reportTimerFired))
    }
    .cancellable(id: CancelID.reportTimer, cancelInFlight: true)
  }

  func reportTimerFired(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    guard state.reportArmed else { return .none }
    guard let edits = state.unreported else {
      state.reportArmed = false
      return .none
    }
    switch edits.wait(at: ClockMoment(clock.now), delay: reportDelay, maxWait: reportMaxWait) {
    case nil:
      state.reportArmed = false
      state.unreported = nil
      return .send(.delegate(.changed(state.editing)))
    case let wait?:
      return armReport(&state, after: wait)
    }
  }

  /// Ctrl-S or a host's save: the list gets the note and saves it now.
  func save(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    // Saved as nano saves: Ctrl-X has nothing to ask, and its `n` undoes back to here.
    if state.changedSinceSave {
      state.savedUndoDepth = state.history.undo.count
      state.savedLastEdit = state.history.undo.last
      state.history.lastEditIsOpen = false
    }
    let edited = state.hasUnreportedEdits
    let disarm = disarmReport(&state)
    return .merge(disarm, .send(.delegate(.saveRequested(state.editing, edited: edited))))
  }

  /// Esc, or the feature stopping: the list gets the note, and closes the editor.
  func close(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    let edited = state.hasUnreportedEdits
    let disarm = disarmReport(&state)
    return .merge(disarm, .send(.delegate(.closed(state.editing, edited: edited))))
  }

  func disarmReport(_ state: inout NoteEditorState) -> Effect<NoteEditorAction> {
    state.unreported = nil
    guard state.reportArmed else { return .none }
    state.reportArmed = false
    return .cancel(id: CancelID.reportTimer)
  }
}
