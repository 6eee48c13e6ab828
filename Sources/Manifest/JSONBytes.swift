import JSONText

/// The byte-level JSON writing shared by the hand-written encoders (`ManifestPayloadWriter`,
/// `DownloadManifestWriter`): exactly the bytes swift-foundation's `JSONEncoder` writes for the same values
/// with `.withoutEscapingSlashes` (see `ManifestPayloadWriter` for the rules). Keys are written by the caller,
/// in sorted order.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    mutating func strings(_ values: [String]) {
        raw("[")
        for index in values.indices {
            if index > 0 { raw(",") }
            string(values[index])
        }
        raw("]")
    }

    /// `JSONEncoder` writes an integer as its `description`; so does this (a short decimal is a small
    /// string that does not allocate).
    mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// JSONText escapes exactly what `JSONEncoder` escapes.
    mutating func string(_ value: String) {
        JSONText.appendString(value, to: &bytes)
    }
}
