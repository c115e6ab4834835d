import DurableFiles

/// Members of a JSON object in the notes file that this build does not know (a note's
/// `"color"`, a top-level field of a newer build), kept exactly as they were read and written
/// back with their object: saving never drops what another build or a person put there.
///
/// `Sendable` plain value; empty (and free) for a file that holds only known fields.
package struct UnknownFields: Equatable, Sendable {
  /// One member: its name, and its value as the JSON text that was read.
  package struct Member: Equatable, Sendable {
    package var name: String
    /// The value's JSON, byte for byte (whitespace inside it included).
    package var json: [UInt8]

    package init(name: String, json: [UInt8]) {
      self.name = name
      self.json = json
    }
  }

  /// The members, in the order they were read.
  package var members: [Member] = []

  package init(_ members: [Member] = []) {
    self.members = members
  }

  package var isEmpty: Bool { members.isEmpty }

  /// Writes each member as `,"name":value`: after an object's known members.
  func write(to output: inout BlockWriter) {
    for member in members {
      output.write(UInt8(ascii: ","))
      JSONText.writeString(member.name, to: &output)
      output.write(UInt8(ascii: ":"))
      member.json.withUnsafeBufferPointer { output.write($0) }
    }
  }
}
