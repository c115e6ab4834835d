/// Finds the read a view store made for a key path, so that each property a view reads is
/// compared once per pass however often it is read.
///
/// A read is looked up by the identity of the key path object first: a key path literal is one
/// object per place in the code, and hashing or comparing a key path walks each of its
/// components. A key path built at run time (in generic code) is a new object each time; it is
/// found by comparison, then remembered under its identity too, up to a limit.
///
/// Not `Sendable`: confined to the feature's actor, like its view store.
@usableFromInline
struct TrackedReadIndex<State, ViewAction> {
  @usableFromInline typealias Read = ViewStoreStorage<State, ViewAction>.Read

  /// The identities of the key path objects read so far, in the order found; `reads` holds the
  /// read at each position.
  @usableFromInline var identities: [ObjectIdentifier] = []
  @usableFromInline var reads: [Read] = []
  /// At each position, the key path object when it is not the one its read was made with (which
  /// the read keeps): kept here, so that its identity is not reused by another object.
  @usableFromInline var otherKeyPaths: [AnyKeyPath?] = []
  /// How many reads there are; the other positions are other objects equal to their key paths.
  @usableFromInline var readCount = 0

  @usableFromInline
  init() {}

  /// The read made for `keyPath`, or for a key path equal to it, if any.
  @inlinable
  mutating func find(_ keyPath: AnyKeyPath) -> Read? {
    if let position = identities.firstIndex(of: ObjectIdentifier(keyPath)) {
      return reads[position]
    }
    return findEqual(keyPath)
  }

  /// Records a new read, made with `keyPath`.
  @usableFromInline
  mutating func add(_ read: Read, keyPath: AnyKeyPath) {
    readCount += 1
    identities.append(ObjectIdentifier(keyPath))
    reads.append(read)
    otherKeyPaths.append(nil)
  }

  /// The read of a key path equal to `keyPath` but another object: remembered under its
  /// identity too. Past `4 × reads + 16` identities, the other objects are forgotten (a view
  /// whose key paths are new objects on every render would otherwise grow the index without
  /// end).
  @usableFromInline
  mutating func findEqual(_ keyPath: AnyKeyPath) -> Read? {
    guard let position = reads.indices.first(where: { reads[$0].keyPath == keyPath }) else {
      return nil
    }
    let read = reads[position]
    if identities.count >= 4 * readCount + 16 {
      let kept = otherKeyPaths.indices.filter { otherKeyPaths[$0] == nil }
      identities = kept.map { identities[$0] }
      reads = kept.map { reads[$0] }
      otherKeyPaths = kept.map { _ in nil }
    }
    identities.append(ObjectIdentifier(keyPath))
    reads.append(read)
    otherKeyPaths.append(keyPath)
    return read
  }
}
