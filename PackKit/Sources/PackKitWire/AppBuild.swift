/// An app build as Apple numbers it: `CFBundleVersion`, one to three period-separated non-negative integers
/// (`1`, `1.10`, `20261128.3.1`). Builds compare numerically part by part with missing parts read as 0:
/// `1.10` > `1.9`, `2` == `2.0`. The text keeps how many parts were given, because a bound of a release's
/// range reads a shorter build as every build it is a prefix of (`BuildRange`).
public struct AppBuild: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Each part fits in 18 decimal digits, so that one more than the largest still fits in a `UInt64`
    /// (`BuildRange` needs it) and date-stamped builds (`20261128153000`) are accepted.
    public static let maxDigits = 18
    /// The longest text that can be a build: three parts of `maxDigits` and two periods.
    public static let maxLength = 3 * maxDigits + 2

    /// The build's point on the axis (missing parts are 0).
    public let point: BuildPoint
    /// How many parts were given: 1 … 3. Stored with the point rather than as an array, so that a build is
    /// a plain value (no reference counting when the server routes `/builds/{b}/…`).
    public let partCount: Int

    /// One to three parts, as given (leading zeros dropped: `1.01` is `1.1`).
    public var parts: [UInt64] { Array([point.major, point.minor, point.patch].prefix(partCount)) }

    /// The build of three parts at `point` (`1.10.0`): how a view's lowest build is named in a URL.
    public init(point: BuildPoint) {
        self.point = point
        partCount = 3
    }

    /// Parses `text`, refusing anything that is not one to three period-separated runs of ASCII digits.
    public init(parsing text: some StringProtocol) throws(AppBuildError) {
        try self.init(utf8: text.utf8)
    }

    /// Parses the UTF-8 bytes of a build, read in place: the server parses one on every `/builds/{b}/…`
    /// request. The refusal quotes the bytes as text.
    public init(utf8 bytes: some Collection<UInt8>) throws(AppBuildError) {
        func text() -> String { String(decoding: bytes, as: UTF8.self) }
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= Self.maxLength else { throw .malformed(String(text().prefix(Self.maxLength)) + "…") }
        var parts: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var value: UInt64 = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, count < 2 else { throw .malformed(text()) }
                if count == 0 { parts.0 = value } else { parts.1 = value }
                count += 1
                (value, digits) = (0, 0)
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard digits < Self.maxDigits else { throw .partTooLong(text()) }
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
            } else {
                throw .malformed(text())
            }
        }
        guard digits > 0 else { throw .malformed(text()) }
        switch count {
        case 0: parts.0 = value
        case 1: parts.1 = value
        default: parts.2 = value
        }
        point = BuildPoint(parts.0, parts.1, parts.2)
        partCount = count + 1
    }

    /// The first point after every build this one is a prefix of: `1.9` → `1.10.0`, `2` → `3.0.0`,
    /// `1.9.3` → `1.9.4`. What an upper bound of a range excludes from.
    public var pointAfterPrefix: BuildPoint {
        switch partCount {
        case 1: BuildPoint(point.major + 1, 0, 0)
        case 2: BuildPoint(point.major, point.minor + 1, 0)
        default: BuildPoint(point.major, point.minor, point.patch + 1)
        }
    }

    /// `1.10`: the parts as given, in decimal.
    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// Numeric equality: `2 == 2.0`.
    public static func == (left: AppBuild, right: AppBuild) -> Bool { left.point == right.point }
    public func hash(into hasher: inout Hasher) { hasher.combine(point) }
    public static func < (left: AppBuild, right: AppBuild) -> Bool { left.point < right.point }
}
