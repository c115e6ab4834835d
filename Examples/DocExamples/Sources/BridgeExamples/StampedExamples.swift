import FeatureBridge

// Stamped's example: a large property tracked by its stamp, a small one by its value.

struct EditorState: Equatable {
  @Stamped var body = ""
  var cursor = 0
}

/// What the editor's status line shows, over its view store.
func statusLine<ViewAction>(of viewStore: ViewStore<EditorState, ViewAction>) -> String {
  "\(viewStore.$body.count) characters, cursor at \(viewStore.cursor)"
}
