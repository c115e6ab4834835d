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

/// Escape or Alt, told apart by how the bytes came: in one read (Alt), in two (Escape, then
/// the key), or after the loop was busy (Escape: the keystrokes' timing is lost). The reader
/// reads from a pipe here; the instants are given, never the clock's.
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

    /// Writes `text` and reads it (one write, one read) at `instant`.
    func type(_ text: String, at instant: ContinuousClock.Instant) -> [KeyPress] {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      switch reader.read(at: instant) {
      case .keys(let keys): return keys
      case .nothing, .ended: return []
      }
    }
  }

  let start = ContinuousClock.now

  @Test func escapeAndAKeyInOneReadAreAlt() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("\u{1B}j", at: start) == [.alt("j")])
  }

  @Test func anEscapeThatEndedOneReadAndAKeyInTheNextAreEscapeThenTheKey() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("\u{1B}", at: start).isEmpty)
    keyboard.reader.waitBegins(at: start)
    #expect(keyboard.type("j", at: start + .milliseconds(10)) == [.escape, .character("j")])
  }

  @Test func aSequenceSplitAfterItsEscapeIsStillOneKey() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("\u{1B}", at: start).isEmpty)
    keyboard.reader.waitBegins(at: start)
    #expect(keyboard.type("[A", at: start + .milliseconds(10)) == [.up])
  }

  @Test func afterABusyLoopAnEscapeBeforeAKeyIsEscapeAndSequencesAndPastesStayWhole() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("x", at: start) == [.character("x")])
    // The loop worked for 200 ms on "x": what came meanwhile waited in one read.
    keyboard.reader.waitBegins(at: start + .milliseconds(200))
    let keys = keyboard.type(
      "\u{1B}j\u{1B}[A\u{1B}\u{1B}k\u{1B}[200~a\u{1B}jb\u{1B}[201~", at: start + .milliseconds(200))
    #expect(
      keys == [
        .escape, .character("j"), .up, .escape, .escape, .character("k"), .paste("a\u{1B}jb"),
      ])
  }

  @Test func afterAShortStretchOfWorkEscapeAndAKeyInOneReadAreStillAlt() throws {
    let keyboard = try Keyboard()
    #expect(keyboard.type("x", at: start) == [.character("x")])
    keyboard.reader.waitBegins(at: start + .milliseconds(5))
    #expect(keyboard.type("\u{1B}j", at: start + .milliseconds(30)) == [.alt("j")])
  }
}
