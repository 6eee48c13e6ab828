/// Non-negative integers as ASCII digits, decimal or lower-case hex, written straight into a string's
/// storage: the same text as `String(value, radix:)`, without the intermediate strings interpolation
/// makes (Content-Range and static entity tags are built for every response that carries them).
package enum ASCIIDigits {
    /// How many digits `value` has in `radix` (10 or 16).
    @inline(__always)
    package static func count(_ value: UInt64, radix: UInt64 = 10) -> Int {
        var count = 1
        var rest = value
        while rest >= radix {
            rest /= radix
            count += 1
        }
        return count
    }

    /// Writes `value` in `radix` (10 or 16) at `start`; returns the index after its last digit.
    @inline(__always)
    package static func write(_ value: UInt64, radix: UInt64 = 10, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let end = start + count(value, radix: radix)
        var rest = value
        for index in (start..<end).reversed() {
            let digit = UInt8(truncatingIfNeeded: rest % radix)
            out[index] = digit < 10 ? 0x30 + digit : 0x57 + digit
            rest /= radix
        }
        return end
    }
}
