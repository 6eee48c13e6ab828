/// Why a report was not counted; each description is one line (the problem+json `detail`).
public enum ReportRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(limit: Int)
    case malformed(String)
    /// A channel this server does not have, or a release it serves no device of that channel.
    case unknownChannel(String)
    case unknownRelease(channel: String, release: Int)

    public var description: String {
        switch self {
        case .tooLarge(let limit): "a report is at most \(limit) bytes"
        // The parser quotes what it read (a key, a value): clipped, so a 4 KiB body makes a short line.
        case .malformed(let why): why.count > 200 ? String(why.prefix(200)) + "…" : why
        case .unknownChannel(let name): "there is no channel \(name.prefix(40))"
        case .unknownRelease(let channel, let release): "channel \(channel) serves no release \(release)"
        }
    }
}
