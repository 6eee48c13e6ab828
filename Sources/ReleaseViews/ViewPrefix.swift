/// Splits a request path into the view prefix and the document or pack path after it
/// (docs/channels.md "Views"): `[/channels/{channel}][/builds/{build}][/cohorts/{k}]`, each at most once and in
/// this order. Pure and allocation-light (it runs on every request whose path starts with one of the three
/// words, and is fuzzed by scripts/fuzz): one pass over the bytes, no regular expression.
///
/// Whether the channel exists, and whether the rest names a document or a pack, is the caller's business: the
/// parser only knows the shape.
public enum ViewPrefix {
    public enum Split: Sendable, Equatable {
        /// The path starts with no prefix word: route it as it is.
        case none
        /// A well-formed prefix and the path after it (starting with `/`, or empty when nothing follows).
        case view(ViewSelector, rest: Substring)
        /// A prefix out of order, repeated or malformed (400), with the one line that says why.
        case malformed(String)
    }

    /// The highest cohort: clients pick theirs in 0 … 999 (docs/channels.md "Cohorts").
    public static let maxCohort = 999

    private enum Word: Int {
        case channels = 0, builds = 1, cohorts = 2

        init?(_ segment: Substring.UTF8View) {
            if segment.elementsEqual("channels".utf8) {
                self = .channels
            } else if segment.elementsEqual("builds".utf8) {
                self = .builds
            } else if segment.elementsEqual("cohorts".utf8) {
                self = .cohorts
            } else {
                return nil
            }
        }
    }

    /// True when `path` may carry a prefix: it starts with `/channels/`, `/builds/` or `/cohorts/`.
    /// Cheap enough to ask of every request (bytes compared, no Unicode work); `/channels` alone is the list of
    /// channels, not a prefix.
    public static func mayHavePrefix(_ path: Substring) -> Bool {
        let bytes = path.utf8
        guard bytes.count > 8, bytes.first == UInt8(ascii: "/") else { return false }
        let rest = bytes.dropFirst()
        return rest.starts(with: "channels/".utf8) || rest.starts(with: "builds/".utf8) || rest.starts(with: "cohorts/".utf8)
    }

    public static func split(_ path: Substring) -> Split {
        guard mayHavePrefix(path) else { return .none }
        var selector = ViewSelector()
        var rest = path
        var last: Word?
        while let (word, value, after) = nextPair(rest) {
            if let last, word.rawValue <= last.rawValue {
                return .malformed(word == last
                    ? "the view prefix names /\(word)/ twice"
                    : "the view prefix is out of order: /channels/, then /builds/, then /cohorts/")
            }
            switch word {
            case .channels:
                guard let channel = ChannelName(value) else {
                    return .malformed("'\(clipped(value))' is not a channel name ([a-z][a-z0-9-]{0,31})")
                }
                selector.channel = channel
            case .builds:
                guard let build = try? AppBuild(parsing: value) else {
                    return .malformed(value.isEmpty
                        ? "a build is empty: give one to three period-separated numbers, such as 1.10 or 42"
                        : "'\(clipped(value))' is not a build: give one to three period-separated numbers, such as 1.10 or 42")
                }
                selector.build = build
            case .cohorts:
                guard let cohort = cohort(value) else {
                    return .malformed("'\(clipped(value))' is not a cohort: give a whole number from 0 to \(maxCohort)")
                }
                selector.cohort = cohort
            }
            last = word
            rest = after
        }
        if last == nil { return .malformed("a view prefix needs a value: /channels/{name}, /builds/{build} or /cohorts/{k}") }
        return .view(selector, rest: rest)
    }

    /// `/word/value` at the start of `path` and what follows it, when the first segment is a prefix word.
    /// A prefix word with an empty or missing value yields a pair with an empty value, refused by its check.
    /// Works on the UTF-8 bytes: a slash is one byte, and no Unicode segmentation runs per request.
    private static func nextPair(_ path: Substring) -> (Word, Substring, Substring)? {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        let afterSlash = bytes.index(after: bytes.startIndex)
        let slash = UInt8(ascii: "/")
        guard let wordEnd = bytes[afterSlash...].firstIndex(of: slash), let word = Word(bytes[afterSlash..<wordEnd]) else {
            return nil
        }
        let valueStart = bytes.index(after: wordEnd)
        let valueEnd = bytes[valueStart...].firstIndex(of: slash) ?? bytes.endIndex
        return (word, path[valueStart..<valueEnd], path[valueEnd...])
    }

    /// `0` … `999`, without leading zeros, so that each cohort has one URL (and one cache entry).
    private static func cohort(_ text: Substring) -> Int? {
        guard (1...3).contains(text.utf8.count), text == "0" || text.first != "0",
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = Int(text)
        else { return nil }
        return value
    }

    /// At most 40 characters of what the client sent, control characters and line separators shown as `?`,
    /// so a refusal stays one short line wherever it is written (a problem's `detail`, a log line).
    private static func clipped(_ text: Substring) -> String {
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
                ? "?" : scalar
        }))
        return text.unicodeScalars.count > 40 ? shown + "…" : shown
    }
}
