/// Parsing of the `Range` field value (RFC 9110 §14.1.1, §14.2):
///
///     Range        = ranges-specifier
///     ranges-spec. = range-unit "=" range-set
///     range-set    = 1#range-spec
///     range-spec   = int-range / suffix-range        ; other-range is for units we do not serve
///     int-range    = first-pos "-" [ last-pos ]
///     suffix-range = "-" suffix-length
extension ByteRangeSpec {
    /// Part of a field value's UTF-8.
    @usableFromInline typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// The specs of a `Range` value, or nil when the whole field must be ignored (RFC 9110 §14.2: a
    /// server may ignore Range, and must not act on one it cannot parse): an unit other than `bytes`
    /// (compared case-insensitively, §14.1), a spec that is not digits-dash-digits, a first-pos greater
    /// than its last-pos, or no spec at all. Empty list elements (`0-1,,5-6`) are skipped (§5.6.1).
    ///
    /// Generic over the text, so inlinable: a caller in another module (the responder) gets the version for
    /// its `String` rather than the generic one (scripts/bench-hotpath measured the difference).
    @inlinable
    public static func parseRangeField(_ fieldValue: some StringProtocol) -> [ByteRangeSpec]? {
        // The value's own bytes, scanned in place (no copy into an array first).
        var value = String(fieldValue)
        return value.withUTF8 { parseRangeField(bytes: $0[...]) }
    }

    @usableFromInline
    static func parseRangeField(bytes: Bytes) -> [ByteRangeSpec]? {
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
              isBytesUnit(bytes[..<equals].drop { $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        var specs: [ByteRangeSpec] = []
        // Elements are walked in place rather than split into an array first (one Range per request is
        // the common case, and it should cost one small allocation, the result).
        var elementStart = equals + 1
        while elementStart <= bytes.endIndex {
            let elementEnd = bytes[elementStart...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
            let trimmed = trimWhitespace(bytes[elementStart..<elementEnd])
            elementStart = elementEnd + 1
            if trimmed.isEmpty { continue }
            guard let spec = parseSpec(trimmed) else { return nil }
            specs.append(spec)
        }
        return specs.isEmpty ? nil : specs
    }

    /// One range-spec with no surrounding whitespace.
    private static func parseSpec(_ spec: Bytes) -> ByteRangeSpec? {
        guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let firstDigits = spec[..<dash]
        let lastDigits = spec[(dash + 1)...]
        if firstDigits.isEmpty {
            guard let length = decimal(lastDigits) else { return nil }
            return .suffix(length: length)
        }
        guard let first = decimal(firstDigits) else { return nil }
        if lastDigits.isEmpty { return .from(first: first, last: nil) }
        guard let last = decimal(lastDigits),
              !decimalLess(lastDigits, firstDigits)  // "5-1" is invalid (§14.1.1), compared exactly
        else { return nil }
        return .from(first: first, last: last)
    }

    /// 1*DIGIT as Int64, saturating at Int64.max instead of overflowing; nil if empty or not all digits.
    static func decimal(_ digits: Bytes) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for c in digits {
            guard c >= 0x30 && c <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(c - 0x30))
            value = (o1 || o2) ? .max : sum
        }
        return value
    }

    /// Exact `a < b` for digit strings of any length, so numbers beyond 64 bits still compare correctly.
    static func decimalLess(_ a: Bytes, _ b: Bytes) -> Bool {
        let a = a.drop { $0 == UInt8(ascii: "0") }
        let b = b.drop { $0 == UInt8(ascii: "0") }
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }

    private static func isBytesUnit(_ unit: Bytes) -> Bool {
        // Indexed, not zipped with "bytes".utf8: a zip of a slice and a string view is not cheap.
        guard unit.count == 5 else { return false }
        let base = unit.startIndex
        return (unit[base] | 0x20) == UInt8(ascii: "b") && (unit[base + 1] | 0x20) == UInt8(ascii: "y")
            && (unit[base + 2] | 0x20) == UInt8(ascii: "t") && (unit[base + 3] | 0x20) == UInt8(ascii: "e")
            && (unit[base + 4] | 0x20) == UInt8(ascii: "s")
    }

    private static func trimWhitespace(_ s: Bytes) -> Bytes {
        var s = s
        while let f = s.first, f == 0x20 || f == 0x09 { s.removeFirst() }
        while let l = s.last, l == 0x20 || l == 0x09 { s.removeLast() }
        return s
    }
}
