/// How a note's title becomes the name of its plain text file, and a file's name a title again
/// (`AppShell export` and `import`, docs/app.md "Export and import").
///
/// A title becomes `title.txt`, unchanged when it can be a file name as it is. Otherwise:
/// `/`, NUL and other control characters become `_`, leading dots become `_` (the file would be
/// hidden), a title longer than ``maximumBytes`` is cut at a character, an empty one is named
/// ``untitled``, and a name already taken gets ` (2)`, ` (3)`, … before `.txt`. Importing
/// `name.txt` gives the title `name`: every title that needed none of these changes comes back
/// byte for byte.
package enum PlainTextNames {
  /// The extension of every exported file, and of the files an import reads.
  package static let fileExtension = ".txt"

  /// The file name of a note with an empty title.
  package static let untitled = "Untitled"

  /// The longest name before its suffix and extension, in UTF-8 bytes: with ` (99999)` and
  /// `.txt`, well within the 255 bytes most file systems allow.
  package static let maximumBytes = 200

  /// Unique file names for `titles`, in order: the first of several equal names keeps it, the
  /// next ones get ` (2)`, ` (3)`, …
  package static func fileNames(for titles: some Sequence<String>) -> [String] {
    var used = Set<String>()
    return titles.map { title in
      let base = baseName(for: title)
      var number = 1
      while !used.insert(fileName(base: base, number: number)).inserted { number += 1 }
      return fileName(base: base, number: number)
    }
  }

  /// The `number`th file name for `base`: `base.txt`, then `base (2).txt`, `base (3).txt`, …
  package static func fileName(base: String, number: Int) -> String {
    number <= 1 ? base + fileExtension : base + " (\(number))" + fileExtension
  }

  /// The name a title gets before any suffix, without the extension.
  package static func baseName(for title: String) -> String {
    var name = ""
    var bytes = 0
    var leading = true
    for character in title {
      var piece = String(character)
      if character.unicodeScalars.contains(where: isForbidden) || (leading && character == ".") {
        piece = "_"
      } else {
        leading = false
      }
      bytes += piece.utf8.count
      guard bytes <= maximumBytes else { break }
      name += piece
    }
    return name.isEmpty ? untitled : name
  }

  /// The title for a file an import reads: its name without the extension; `nil` for a file
  /// the import does not read (another extension, a hidden file).
  package static func title(forFileName name: String) -> String? {
    guard name.hasSuffix(fileExtension), !name.hasPrefix("."),
      name.utf8.count > fileExtension.utf8.count
    else { return nil }
    return String(name.dropLast(fileExtension.count))
  }

  /// A scalar no file name should hold: `/`, NUL and the other control characters.
  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "/" || scalar.value < 0x20 || scalar.value == 0x7F
  }
}
