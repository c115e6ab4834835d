/// Words, as the word moves and deletes see them: runs of letters, digits and `_`.
extension TextBuffer {
  /// Whether `character` belongs to a word.
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `offset`: back over what is not a word, then over the word.
  package func wordStart(before offset: Int) -> Int {
    var result = min(max(0, offset), utf8Count)
    var inWord = false
    forEachCharacter(backwardFrom: result) { character, start in
      if Self.isWordCharacter(character) {
        inWord = true
      } else if inWord {
        return false
      }
      result = start
      return true
    }
    return result
  }

  /// The start of the next word after `offset`: over the rest of this word, then over what is
  /// not a word; the text's end when no word follows.
  package func wordStart(after offset: Int) -> Int {
    var scanner = CharacterScanner(self, from: offset)
    var leftWord = false
    var position = scanner.offset
    while let (character, _) = scanner.next() {
      if !Self.isWordCharacter(character) {
        leftWord = true
      } else if leftWord {
        return position
      }
      position = scanner.offset
    }
    return utf8Count
  }
}
