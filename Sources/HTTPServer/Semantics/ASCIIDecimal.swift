/// Non-negative integers as ASCII decimal digits written straight into a string's storage: the same text
/// as `String(value)`, without the intermediate strings interpolation makes (header values such as
/// Content-Range are built for every ranged response).
enum ASCIIDecimal {
    /// How many digits `value` (≥ 0) has.
    static func digitCount(_ value: Int64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes `value` (≥ 0) at `start`; returns the index after its last digit.
    static func write(_ value: Int64, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let end = start + digitCount(value)
        var rest = value
        for index in (start..<end).reversed() {
            out[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        return end
    }
}
