/// A channel's name (docs/channels.md): `[a-z][a-z0-9-]{0,31}`. No dots and no upper case, so that a name is
/// safe in a path, a bucket key, a surrogate key (`pack.{channel}.{id}`) and a metric label as it is.
public struct ChannelName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let maxLength = 32
    /// The channel every earlier URL reads; it always exists.
    public static let production = ChannelName(unchecked: "production")

    public let text: String

    public init?(_ text: some StringProtocol) {
        guard Self.isName(text.utf8) else { return nil }
        self.text = String(text)
    }

    /// The name whose UTF-8 bytes these are, or nil.
    public init?(utf8 bytes: some Collection<UInt8>) {
        guard Self.isName(bytes) else { return nil }
        text = String(decoding: bytes, as: UTF8.self)
    }

    private static func isName(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, (1...maxLength).contains(bytes.count), isLowercaseLetter(first) else { return false }
        return bytes.allSatisfy { isLowercaseLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
    }

    private init(unchecked text: String) { self.text = text }

    public var description: String { text }
    public var isProduction: Bool { self == .production }

    public static func < (left: ChannelName, right: ChannelName) -> Bool { left.text < right.text }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }
}
