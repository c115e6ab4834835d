import TerminalUI

/// What must hold for any bytes a terminal (or an attacker pasting into one) can send: the
/// decoder never traps, never produces more keys than bytes, and the keys do not depend on how
/// the bytes were split across reads.
enum KeyDecoderProperties {
  /// Checks one input; traps (which the fuzzer reports as a crash) when a property fails.
  static func check(_ bytes: [UInt8]) {
    var whole = KeyDecoder()
    let keys = whole.decode(bytes) + whole.finish()
    precondition(keys.count <= bytes.count, "more keys than bytes")

    // Split where the input itself says, so the fuzzer explores split points too.
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var parts = KeyDecoder()
    let splitKeys =
      parts.decode(bytes[..<split]) + parts.decode(bytes[split...]) + parts.finish()
    precondition(keys == splitKeys, "keys depend on where the reads were split")

    var oneByteAtATime = KeyDecoder()
    var byteKeys: [KeyPress] = []
    for byte in bytes { byteKeys += oneByteAtATime.decode(CollectionOfOne(byte)) }
    byteKeys += oneByteAtATime.finish()
    precondition(keys == byteKeys, "keys differ when the bytes arrive one at a time")
  }
}
