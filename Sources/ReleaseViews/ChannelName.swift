/// A channel's name (docs/channels.md): `[a-z][a-z0-9-]{0,31}`. No dots and no upper case, so that a name is
/// safe in a path, a bucket key, a surrogate key (`pack.{channel}.{id}`) and a metric label as it is.
public struct ChannelName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let maxLength = 32
    /// The channel every earlier URL reads; it always exists.
    public static let production = ChannelName(unchecked: "production")

    public let text: String

    public init?(_ text: some StringProtocol) {
        let bytes = text.utf8
        guard let first = bytes.first, (1...Self.maxLength).contains(bytes.count), Self.isLowercaseLetter(first),
            bytes.allSatisfy({ Self.isLowercaseLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") })
        else { return nil }
        self.text = String(text)
    }

    private init(unchecked text: String) { self.text = text }

    public var description: String { text }
    public var isProduction: Bool { self == .production }

    public static func < (left: ChannelName, right: ChannelName) -> Bool { left.text < right.text }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }
}
