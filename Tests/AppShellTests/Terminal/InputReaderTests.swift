import TerminalUI
import Testing

@testable import AppShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Escape or Alt, told apart by how the bytes came: in one read (Alt), or in two (Escape, then
/// the key). The reader reads from a pipe here.
@Suite struct InputReaderTests {
  /// A pipe the test writes keys into and a reader that reads them.
  final class Keyboard {
    let readEnd: Int32
    let writeEnd: Int32
    var reader: InputReader

    init() throws {
      var descriptors: [Int32] = [-1, -1]
      try #require(pipe(&descriptors) == 0)
      readEnd = descriptors[0]
      writeEnd = descriptors[1]
      reader = InputReader(descriptor: readEnd)
    }

    deinit {
      close(readEnd)
      close(writeEnd)
    }

    /// Writes `text` and reads it (one write, one read).
    func type(_ text: String) -> [KeyPress] {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      switch reader.read() {
      case .keys(let keys): return keys
      case .nothing, .ended: return []
      }
    }
  }

  @Test func escapeAndAKeyInOneReadAreAlt() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("\u{1B}j") == [.alt("j")])
  }

  @Test func anEscapeThatEndedOneReadAndAKeyInTheNextAreEscapeThenTheKey() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("\u{1B}").isEmpty)
    #expect(keyboard.type("j") == [.escape, .character("j")])
  }

  @Test func aSequenceSplitAfterItsEscapeIsStillOneKey() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("\u{1B}").isEmpty)
    #expect(keyboard.type("[A") == [.up])
  }

  @Test func pastesAndSequencesInOneReadStayWhole() throws {
    let keyboard = try Keyboard()
    let keys = keyboard.type("\u{1B}[A\u{1B}[200~a\u{1B}jb\u{1B}[201~\u{1B}j")
    #expect(keys == [.up, .paste("a\u{1B}jb"), .alt("j")])
  }
}
