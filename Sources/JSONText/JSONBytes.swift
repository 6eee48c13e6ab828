/// The byte-level JSON writing shared by the hand-written encoders of large documents (Manifest's
/// `ManifestPayloadWriter` and `DownloadManifestWriter`): exactly the bytes swift-foundation's `JSONEncoder`
/// writes for the same values with `.withoutEscapingSlashes` (`CanonicalJSON`; see `ManifestPayloadWriter` for
/// the rules). Keys are written by the caller, in sorted order. Inlinable: a manifest of 100,000 packs calls
/// these a few million times.
public struct JSONBytes {
    public var bytes: [UInt8] = []

    public init() {}

    @inlinable
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    @inlinable
    public mutating func strings(_ values: [String]) {
        raw("[")
        for index in values.indices {
            if index > 0 { raw(",") }
            string(values[index])
        }
        raw("]")
    }

    /// `JSONEncoder` writes an integer as its `description`; so does this (a short decimal is a small
    /// string that does not allocate).
    @inlinable
    public mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: value.description.utf8)
    }

    @inlinable
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// JSONText escapes exactly what `JSONEncoder` escapes.
    @inlinable
    public mutating func string(_ value: String) {
        JSONText.appendString(value, to: &bytes)
    }
}
