/// Turns the bytes a terminal sends into key presses: UTF-8 text, control keys, CSI and SS3
/// escape sequences with their modifiers (`ESC [1;5D` is Ctrl-Left), Alt with a key (`ESC u`
/// is Alt-U), and bracketed pastes (one `.paste` however long the text). DEL is Backspace and
/// ^H Ctrl-Backspace, as most terminals send them.
///
/// Stateful: a sequence split across two reads is completed by the next call. Never traps on
/// any input; unknown sequences are dropped, invalid UTF-8 becomes U+FFFD.
///
/// ```swift
/// var decoder = KeyDecoder()
/// let keys = decoder.decode(Array("a\u{1B}[A".utf8))  // [.character("a"), .up]
/// let more = decoder.decode(Array("\u{1B}[1;5C\u{1B}u".utf8))  // Ctrl-Right, then Alt-U
/// ```
///
/// `Sendable` plain value (its pending bytes).
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var pasteBuffer: [UInt8]?

  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// A decoder with no bytes pending.
  public init() {}

  /// Decodes `bytes` (appended to any incomplete sequence from before).
  ///
  /// - Parameter bytes: What the terminal sent.
  /// - Returns: The key presses they complete, in order.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyPress] {
    pending.append(contentsOf: bytes)
    return decodePending()
  }

  /// ``decode(_:)`` for bytes read into a buffer, as a terminal host reads them: the same
  /// keys, without the generic sequence's code on every keystroke.
  ///
  /// - Parameter bytes: What the terminal sent.
  /// - Returns: The key presses they complete, in order.
  public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [KeyPress] {
    pending.append(contentsOf: bytes)
    return decodePending()
  }

  private mutating func decodePending() -> [KeyPress] {
    var keys: [KeyPress] = []
    var index = 0
    while index < pending.count {
      if pasteBuffer != nil {
        guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
          // Keep a possible partial terminator for the next read.
          let keep = min(Self.pasteEnd.count - 1, pending.count - index)
          pasteBuffer!.append(contentsOf: pending[index..<(pending.count - keep)])
          index = pending.count - keep
          break
        }
        pasteBuffer!.append(contentsOf: pending[index..<end])
        keys.append(.paste(String(decoding: pasteBuffer!, as: UTF8.self)))
        pasteBuffer = nil
        index = end + Self.pasteEnd.count
        continue
      }
      guard let (key, length) = decodeOne(at: index) else { break }
      index += length
      if let key { keys.append(key) }
    }
    pending.removeFirst(index)
    return keys
  }

  /// Whether the bytes so far end in a lone ESC: the Escape key, or the start of a sequence
  /// whose rest has not arrived. A reader that sees no more bytes shortly calls `finish()`.
  public var isAwaitingEscapeSequence: Bool { pasteBuffer == nil && pending == [0x1B] }

  /// Ends input: whatever is incomplete is decoded as best it can be (a lone ESC is Escape).
  ///
  /// - Returns: The key presses left.
  public mutating func finish() -> [KeyPress] {
    var keys: [KeyPress] = []
    if let paste = pasteBuffer {
      keys.append(.paste(String(decoding: paste + pending, as: UTF8.self)))
      pasteBuffer = nil
      pending = []
    }
    if pending.first == 0x1B {
      keys.append(.escape)
      pending.removeFirst()
    }
    if !pending.isEmpty {
      let text = String(decoding: pending, as: UTF8.self)
      keys.append(contentsOf: text.map { KeyPress.character($0) })
      pending = []
    }
    return keys
  }

  /// One key at `index`: `nil` if more bytes are needed; `(nil, n)` to skip `n` bytes.
  private mutating func decodeOne(at index: Int) -> (KeyPress?, Int)? {
    let byte = pending[index]
    switch byte {
    case 0x1B:
      return decodeEscape(at: index)
    case 0x0D, 0x0A:
      return (.enter, 1)
    case 0x09:
      return (.tab, 1)
    case 0x7F:
      return (.backspace, 1)
    case 0x08:
      // ^H: what most terminals send for Ctrl-Backspace, their Backspace sending DEL. A host
      // whose terminal erases with ^H (termios' VERASE) reads it as Backspace.
      return (.modified(.backspace, .control), 1)
    case 0x00:
      return (.control("@"), 1)
    case 0x01...0x1A:
      return (.control(Character(UnicodeScalar(byte + 0x60))), 1)
    // The control keys past Z, by the names nano gives them: Ctrl-\ (replace), Ctrl-],
    // Ctrl-6 (nano's ^6 and ^^, the mark) and Ctrl-_ (also Ctrl-/: go to line).
    case 0x1C:
      return (.control("\\"), 1)
    case 0x1D:
      return (.control("]"), 1)
    case 0x1E:
      return (.control("6"), 1)
    case 0x1F:
      return (.control("_"), 1)
    case 0x20...0x7E:
      return (.character(Character(UnicodeScalar(byte))), 1)
    default:
      return decodeUTF8(at: index)
    }
  }

  private func decodeUTF8(at index: Int) -> (KeyPress?, Int)? {
    let lead = pending[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.character("\u{FFFD}"), 1)
    }
    var available = 1
    while available < length, index + available < pending.count,
      (0x80...0xBF).contains(pending[index + available])
    {
      available += 1
    }
    if available < length {
      // Incomplete at the end of the buffer: wait for more; invalid in the middle: replace.
      return index + available == pending.count ? nil : (.character("\u{FFFD}"), available)
    }
    let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
    return (text.first.map { .character($0) }, length)
  }

  private mutating func decodeEscape(at index: Int) -> (KeyPress?, Int)? {
    guard index + 1 < pending.count else { return nil }
    let next = pending[index + 1]
    if next == UInt8(ascii: "[") {
      var end = index + 2
      while end < pending.count, !(0x40...0x7E).contains(pending[end]) {
        end += 1
        if end - index > 32 { return (nil, end - index) }
      }
      guard end < pending.count else { return nil }
      let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
      let key = csiKey(parameters: parameters, final: pending[end])
      return (key, end - index + 1)
    }
    if next == UInt8(ascii: "O") {
      guard index + 2 < pending.count else { return nil }
      let key: KeyPress? =
        switch pending[index + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(pending[index + 2]) - 0x4F)
        // rxvt's Ctrl-arrows.
        case UInt8(ascii: "a"): .modified(.up, .control)
        case UInt8(ascii: "b"): .modified(.down, .control)
        case UInt8(ascii: "c"): .modified(.right, .control)
        case UInt8(ascii: "d"): .modified(.left, .control)
        default: nil
        }
      return (key, 3)
    }
    if next == 0x1B { return (.escape, 1) }
    // Alt+key arrives as ESC then the key, in one read (a lone ESC is held until more bytes
    // come or the reader calls `finish()`, so the Escape key is never mistaken for Alt).
    guard let (key, length) = decodeOne(at: index + 1) else { return nil }
    return (key.map { .modified($0, .alt) }, length + 1)
  }

  private mutating func csiKey(parameters: String, final: UInt8) -> KeyPress? {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    let key: KeyPress?
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): key = .tab
    case UInt8(ascii: "~"):
      let code = Int(fields.first ?? "") ?? 0
      switch code {
      case 1, 7: key = .home
      case 4, 8: key = .end
      case 3: key = .delete
      case 5: key = .pageUp
      case 6: key = .pageDown
      case 11...15: key = .function(code - 10)
      case 17...21: key = .function(code - 11)
      case 23, 24: key = .function(code - 12)
      case 200:
        pasteBuffer = []
        return nil
      default: return nil
      }
    default:
      return nil
    }
    guard let key else { return nil }
    let modifiers = Self.modifiers(fields.count > 1 ? fields[1] : nil)
    return modifiers.isEmpty ? key : .modified(key, modifiers)
  }

  /// The xterm modifier parameter (`5` in `ESC [1;5D`): one plus the bits Shift 1, Alt 2,
  /// Ctrl 4, Meta 8 (reported as Alt).
  private static func modifiers(_ field: Substring?) -> KeyModifiers {
    guard let field, let value = Int(field), (2...16).contains(value) else { return [] }
    let bits = UInt8(value - 1)
    var modifiers = KeyModifiers(rawValue: bits & 0b111)
    if bits & 0b1000 != 0 { modifiers.insert(.alt) }
    return modifiers
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count - start else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
      if haystack[index] == needle[0],
        haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
