package import FeatureBridge
import StoreKernel

/// The note editor: one open note in a store of its own, presented by the notes list
/// (`Enter` on a note, `n`) and dismissed with Esc. The note's keystrokes run in this store
/// alone; the list hears the note through the editor's outputs (``NoteEditorOutput``), when
/// typing pauses, on a save and when the editor closes.
///
/// A namespace: no values.
package enum NoteEditorFeature {
  /// The editor for `editing`, before it runs: what the list's presentation starts with a store
  /// of its own, or on a slot of the root store in the single-store build.
  package static func recipe(_ editing: NoteEditing) -> FeatureRecipe<NoteEditorReducer> {
    FeatureRecipe(
      name: "NoteEditor", initialState: NoteEditorState(editing), reducer: NoteEditorReducer())
  }

  /// Starts the editor for the note the list presents it with: one declaration for both builds.
  /// A test of the list puts a fake in its place with `$0[feature: NoteEditorFeature.launcher]`.
  package static let launcher = FeatureLauncher<NoteEditing, NoteEditorInput, NoteEditorOutput>(
    recipe: { recipe($0) })
}
