/// Reads the value a key path names, in place when it names stored properties of structs.
///
/// A key path applied at run time (`root[keyPath: path]`) goes through the runtime's generic
/// projection, which looks up generic metadata on every call: tens of nanoseconds, on every
/// observation pass. When the path names storage inline in `Root` (`MemoryLayout.offset(of:)`
/// gives its offset), the value is loaded from there instead, specialized for `Value`.
///
/// Not `Sendable` unless its key path is: it holds one.
@usableFromInline
package struct KeyPathReader<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  /// Where the value is stored in `Root`, when it is stored inline there.
  @usableFromInline package let offset: Int?

  @inlinable
  package init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The value in `root`.
  @inlinable
  package func read(from root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    // `offset(of:)` is non-nil only when `Value` is stored inline at that offset in `Root`: a
    // load there is a copy of the property.
    return withUnsafePointer(to: root) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }
}
