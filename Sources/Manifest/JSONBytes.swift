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

    /// Copies runs of bytes that need no escape in one piece (pack strings almost never need one). A plain
    /// index loop, because `enumerated()` over bytes costs a generic-metadata lookup per byte in debug builds.
    mutating func string(_ value: String) {
        bytes.append(0x22)  // "
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {  // a control, " or \
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    escape(byte)
                    runStart = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(0x22)
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            // Below 0x20, so the first hex digit is 0 or 1.
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
