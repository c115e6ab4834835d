import StoreKernel

/// Ctrl-\, as nano's replace: from the cursor to the text's end, then from the top back to
/// where it began, each match asked about ("Replace this instance?": `y`, `n`, `a` for all of
/// them, Ctrl-C to stop), and a count at the end. Matches ignore the case of ASCII letters, as
/// the find does; each replacement is an edit of its own for undo.
extension NoteEditorReducer {
  func startReplace(_ state: inout NoteEditorState, query: String, replacement: String) {
    let start = NoteEditorState.Replacement(
      query: query, replacement: replacement, origin: state.cursor)
    nextMatch(&state, start, from: state.cursor)
  }

  /// Leaves the match at the cursor as it is, and goes on to the next one.
  func skipMatch(_ state: inout NoteEditorState, _ replacement: NoteEditorState.Replacement) {
    let text = state.note.text
    let after = state.cursor < text.utf8Count ? text.characterBoundary(after: state.cursor) : nil
    guard let after else { return wrapOrFinish(&state, replacement) }
    nextMatch(&state, replacement, from: after)
  }

  /// Replaces the match at the cursor, and every one after it when `all`.
  func replaceMatch(
    _ state: inout NoteEditorState, _ replacement: NoteEditorState.Replacement, all: Bool
  ) -> Effect<NoteEditorAction> {
    var replacement = replacement
    var effects: [Effect<NoteEditorAction>] = []
    repeat {
      let match = state.cursor..<(state.cursor + replacement.query.utf8.count)
      effects.append(apply((match, replacement.replacement, .other), to: &state))
      replacement.count += 1
      // A replacement before where the replace began moves that place.
      if replacement.wrapped {
        replacement.origin += replacement.replacement.utf8.count - match.count
      }
      nextMatch(&state, replacement, from: state.cursor)
      guard case .confirmingReplace(let next) = state.mode else { break }
      replacement = next
    } while all
    // Only the last edit's effect is needed: each one re-arms the same report timer.
    return effects.last ?? .none
  }

  /// Ends the replace, saying how many it replaced; the cursor goes back to where it began,
  /// as nano's does.
  func finishReplace(_ state: inout NoteEditorState, _ replacement: NoteEditorState.Replacement) {
    state.mode = .editing
    state.cursor = min(replacement.origin, state.note.text.utf8Count)
    state.goalColumn = nil
    let count = replacement.count
    state.notice = "Replaced \(count) occurrence\(count == 1 ? "" : "s")"
  }

  private func nextMatch(
    _ state: inout NoteEditorState, _ replacement: NoteEditorState.Replacement, from offset: Int
  ) {
    let query = replacement.query
    if let found = state.note.text.offset(of: query, from: offset),
      !replacement.wrapped || found + query.utf8.count <= replacement.origin
    {
      state.cursor = found
      state.goalColumn = nil
      var replacement = replacement
      replacement.found = true
      state.mode = .confirmingReplace(replacement)
      return
    }
    wrapOrFinish(&state, replacement)
  }

  private func wrapOrFinish(
    _ state: inout NoteEditorState, _ replacement: NoteEditorState.Replacement
  ) {
    guard !replacement.wrapped else { return finish(&state, replacement) }
    var wrapped = replacement
    wrapped.wrapped = true
    nextMatch(&state, wrapped, from: 0)
  }

  private func finish(_ state: inout NoteEditorState, _ replacement: NoteEditorState.Replacement) {
    guard replacement.found else {
      state.mode = .editing
      state.cursor = replacement.origin
      state.notice = "“\(replacement.query)” not found"
      return
    }
    finishReplace(&state, replacement)
  }
}
