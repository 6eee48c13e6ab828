/// Zero-copy views and the few `String`s the parser makes from received bytes.
extension UnsafeRawBufferPointer {
    /// `self[range]` as typed bytes, without copying (received bytes are always bound to `UInt8`).
    @inline(__always)
    func typedBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        guard let base = baseAddress, !range.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: (base + range.lowerBound).assumingMemoryBound(to: UInt8.self), count: range.count)
    }

    /// `self[range]` as a zero-based raw buffer, without copying.
    @inline(__always)
    func rebased(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: self[range])
    }

    /// The bytes as text. Callers have validated them as ASCII, except field values, where obs-text
    /// (RFC 9110 §5.5) that is not UTF-8 becomes U+FFFD.
    func string(_ range: Range<Int>) -> String {
        String(decoding: typedBytes(range), as: UTF8.self)
    }

    /// The bytes as text with ASCII letters lowercased, written once into the new string's storage.
    func lowercasedString(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { target in
            for offset in 0..<range.count {
                target[offset] = HTTPGrammar.lowercased(self[range.lowerBound + offset])
            }
            return range.count
        }
    }
}
