/// The bytes of a pack arriving from elsewhere (an HTTP upload), read in order. PackStore knows nothing of
/// where they come from; `PackStore.add(receiving:…)` pulls them until the end.
public protocol PackByteSource {
    /// The next bytes; nil at the end. Throws when the bytes will never be complete (the sender went away).
    mutating func nextBytes() throws -> [UInt8]?
}
