// scripts/fuzz compiles Reader/ and Hex's sources into one module, where there is nothing to import.
#if canImport(Hex)
import Hex
#endif

/// Reads one complete entry header — magic, 2-byte size, then fields to exactly that size — into an
/// `ArchiveEntryHeader`, or says what is wrong with it and where. Pure: bytes in, a value or an error out.
enum ArchiveHeaderParser {
    /// Magic (4) and size (2): the bytes needed to know how long the header is.
    static let prefixLength = 6

    /// The header's length as its bytes 4 and 5 give it (little-endian).
    static func declaredSize(_ prefix: some Collection<UInt8>) -> Int {
        let bytes = Array(prefix.dropFirst(4).prefix(2))
        return Int(bytes[0]) | Int(bytes[1]) << 8
    }

    /// - Parameters:
    ///   - bytes: the whole header, `declaredSize` bytes.
    ///   - offset: where it starts in the archive, for errors and `ArchiveEntryHeader.offset`.
    static func parse(_ bytes: [UInt8], at offset: Int64) throws(AppleArchiveError) -> ArchiveEntryHeader {
        var fields: [ArchiveField] = []
        // A set, not a search of `fields`: a 64 KiB header can hold 16,000 flags.
        var keys: Set<ArchiveFieldKey> = []
        var cursor = prefixLength
        func fail(_ problem: String, at position: Int) -> AppleArchiveError {
            AppleArchiveError(offset: offset + Int64(position), problem)
        }
        while cursor < bytes.count {
            let start = cursor
            guard bytes.count - cursor >= 4 else {
                throw fail("a field's key is cut off by the end of the \(bytes.count)-byte header", at: start)
            }
            let key = ArchiveFieldKey((bytes[cursor], bytes[cursor + 1], bytes[cursor + 2]))
            guard let subtype = ArchiveFieldSubtype(byte: bytes[cursor + 3]) else {
                throw fail("field \(key) has the unknown subtype \(describe(bytes[cursor + 3]))", at: start)
            }
            cursor += 4
            guard keys.insert(key).inserted else {
                throw fail("field \(key) appears twice in one header", at: start)
            }
            let value: ArchiveFieldValue
            switch subtype {
            case .flag:
                value = .flag
            case .string:
                guard bytes.count - cursor >= 2 else { throw fail("field \(key)'s length runs past the header", at: start) }
                let length = Int(littleEndian(bytes, at: cursor, width: 2))
                cursor += 2
                guard bytes.count - cursor >= length else {
                    throw fail("field \(key)'s \(length) bytes run past the header", at: start)
                }
                value = .string(Array(bytes[cursor..<cursor + length]))
                cursor += length
            case .unsigned(let width), .hash(let width), .timespec(let width), .blob(let width):
                guard bytes.count - cursor >= width else {
                    throw fail("field \(key)'s \(width)-byte value runs past the header", at: start)
                }
                value = fixedValue(subtype, bytes, at: cursor, width: width)
                cursor += width
            }
            fields.append(ArchiveField(key: key, value: value))
        }
        return try header(fields, size: bytes.count, at: offset)
    }

    /// Checks the fields the reader relies on and builds the header.
    private static func header(
        _ fields: [ArchiveField], size: Int, at offset: Int64
    ) throws(AppleArchiveError) -> ArchiveEntryHeader {
        func fail(_ problem: String) -> AppleArchiveError { AppleArchiveError(offset: offset, problem) }
        let entry = ArchiveEntryHeader(offset: offset, size: size, fields: fields, kind: .other(0))
        guard let type = entry.value(of: .type) else { throw fail("the entry has no TYP field") }
        guard case .unsigned(let typeValue, _) = type else { throw fail("field TYP is not an unsigned integer") }
        for key in [ArchiveFieldKey.path, .linkTarget] {
            if let value = entry.value(of: key), value.subtype != .string { throw fail("field \(key) is not a string") }
        }
        if let data = entry.value(of: .data), !data.isBlob { throw fail("field DAT is not a blob") }
        // The blobs' bytes follow the header; their total must be addressable after it.
        var total: UInt64 = 0
        for blob in entry.blobs {
            let (sum, overflow) = total.addingReportingOverflow(blob.size)
            guard !overflow, sum <= UInt64(Int64.max - offset - Int64(size)) else {
                throw fail("the entry's blob sizes add up to more than an archive can hold")
            }
            total = sum
        }
        return ArchiveEntryHeader(offset: offset, size: size, fields: fields, kind: ArchiveEntryKind(typeValue: typeValue))
    }

    private static func fixedValue(
        _ subtype: ArchiveFieldSubtype, _ bytes: [UInt8], at cursor: Int, width: Int
    ) -> ArchiveFieldValue {
        switch subtype {
        case .unsigned: .unsigned(littleEndian(bytes, at: cursor, width: width), width: width)
        case .blob: .blob(size: littleEndian(bytes, at: cursor, width: width), width: width)
        case .hash: .hash(Array(bytes[cursor..<cursor + width]))
        case .timespec:
            .timespec(seconds: Int64(bitPattern: littleEndian(bytes, at: cursor, width: 8)),
                      nanoseconds: width == 12 ? UInt32(littleEndian(bytes, at: cursor + 8, width: 4)) : nil)
        case .flag, .string: preconditionFailure("not a fixed-width subtype")
        }
    }

    private static func littleEndian(_ bytes: [UInt8], at cursor: Int, width: Int) -> UInt64 {
        (0..<width).reduce(UInt64(0)) { value, index in value | UInt64(bytes[cursor + index]) << (8 * index) }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(UnicodeScalar(byte))'" : "0x" + Hex.string(CollectionOfOne(byte))
    }
}
