/// The `name=value` pairs of a request's query (`a=1&b=x%20y&b=z`), in order, percent-decoded, `+` read as a
/// space (the form encoding browsers and URLComponents use). Repeated names keep every value, so
/// `?tag=a&tag=b` asks for both. A pair whose escapes are not valid UTF-8 percent-encoding is `nil`
/// (`values(named:)` then fails), so a caller can refuse it rather than guess.
public struct QueryParameters: Sendable {
    public let pairs: [(name: String, value: String)]?

    public init(_ query: String?) {
        guard let query, !query.isEmpty else {
            pairs = []
            return
        }
        var decoded: [(name: String, value: String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count > 1 ? parts[1] : "")
            else {
                pairs = nil
                return
            }
            decoded.append((name, value))
        }
        pairs = decoded
    }

    /// Every value given for `name`, in order; nil when the query is malformed.
    public func values(named name: String) -> [String]? {
        pairs.map { $0.filter { $0.name == name }.map(\.value) }
    }

    /// `%XX` → byte, `+` → space; nil for a truncated or non-hex escape or bytes that are not UTF-8.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
