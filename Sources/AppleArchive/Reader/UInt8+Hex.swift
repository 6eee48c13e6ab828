extension UInt8 {
    /// Two lowercase hex digits, for bytes named in an error line.
    var hexDigits: String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(self >> 4)], digits[Int(self & 0xF)]])
    }
}
