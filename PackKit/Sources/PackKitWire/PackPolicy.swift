/// When a client fetches a pack: before first launch, right after install, or only when asked.
///
/// A struct over the manifest's string rather than an enum, so that a policy a newer server invents
/// decodes (and is treated as on-demand: nothing is downloaded that nobody asked for).
public struct PackPolicy: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Needed before first launch; its size must be exact.
    public static let essential = PackPolicy(rawValue: "essential")
    /// Downloaded right after install, in ascending `order`.
    public static let prefetch = PackPolicy(rawValue: "prefetch")
    /// Downloaded only when a tag asks for it.
    public static let onDemand = PackPolicy(rawValue: "on-demand")

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
