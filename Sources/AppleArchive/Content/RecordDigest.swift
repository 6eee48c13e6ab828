import Crypto

/// One entry's record digest (SHA-256, 32 bytes) held inline as four words loaded big-endian, so the
/// derived ordering of the tuple is the bytes' lexicographic order and an array of them costs 32 bytes an
/// entry with no allocation of its own (an `[UInt8]` per entry cost about 110).
struct RecordDigest: Comparable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    init(_ digest: SHA256.Digest) {
        words = digest.withUnsafeBytes { bytes in
            (
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            )
        }
    }

    /// Feeds the 32 bytes, in their order, to `hasher`.
    func update(_ hasher: inout SHA256) {
        var bytes = (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)
        withUnsafeBytes(of: &bytes) { hasher.update(bufferPointer: $0) }
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.words < rhs.words
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.words == rhs.words
    }
}
