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

        /// The word `bytes[range]` spells, compared byte by byte against literals: no table to look up (a
        /// static array costs a lazy-initialisation check on each access), no `String` (walking a UTF-8 view on
        /// every request cost more than the rest of the parse; `perf`, scripts/bench-rollouts' cohort row).
        init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            switch range.count {
            case 8 where Self.spells(bytes, range, "channels"): self = .channels
            case 6 where Self.spells(bytes, range, "builds"): self = .builds
            case 7 where Self.spells(bytes, range, "cohorts"): self = .cohorts
            default: return nil
            }
        }

        private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
            let spelling = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            return bytes[range].elementsEqual(spelling)
        }
    }

    /// True when `path` may carry a prefix: it starts with `/channels/`, `/builds/` or `/cohorts/`.
    /// Cheap enough to ask of every request (bytes compared in place, no Unicode work); `/channels` alone is the
    /// list of channels, not a prefix.
    public static func mayHavePrefix(_ path: Substring) -> Bool {
        var path = path
        return path.withUTF8(startsWithWord)
    }

    private static func startsWithWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 8, bytes[0] == UInt8(ascii: "/") else { return false }
        return nextPair(bytes, from: 0) != nil
    }

    public static func split(_ path: Substring) -> Split {
        // One pass over the bytes in place (a request's path is native, contiguous UTF-8).
        var contiguous = path
        return contiguous.withUTF8 { split(path, bytes: $0) }
    }

    private static func split(_ path: Substring, bytes: UnsafeBufferPointer<UInt8>) -> Split {
        guard startsWithWord(bytes) else { return .none }
        // Kept apart and made a selector once at the end: filling in a `ViewSelector` copied it (perf).
        var channel: ChannelName?
        var build: AppBuild?
        var cohort: Int?
        var position = 0
        var last: Word?
        while let (word, value, after) = nextPair(bytes, from: position) {
            let valueBytes = bytes[value]
            if let last, word.rawValue <= last.rawValue {
                return .malformed(word == last
                    ? "the view prefix names /\(word)/ twice"
                    : "the view prefix is out of order: /channels/, then /builds/, then /cohorts/")
            }
            switch word {
            case .channels:
                guard let name = ChannelName(utf8: valueBytes) else {
                    return .malformed("'\(clipped(valueBytes))' is not a channel name ([a-z][a-z0-9-]{0,31})")
                }
                channel = name
            case .builds:
                guard let named = try? AppBuild(utf8: valueBytes) else {
                    return .malformed(valueBytes.isEmpty
                        ? "a build is empty: give one to three period-separated numbers, such as 1.10 or 42"
                        : "'\(clipped(valueBytes))' is not a build: give one to three period-separated numbers, such as 1.10 or 42")
                }
                build = named
            case .cohorts:
                guard let number = Self.cohort(valueBytes) else {
                    return .malformed("'\(clipped(valueBytes))' is not a cohort: give a whole number from 0 to \(maxCohort)")
                }
                cohort = number
            }
            last = word
            position = after
        }
        if last == nil { return .malformed("a view prefix needs a value: /channels/{name}, /builds/{build} or /cohorts/{k}") }
        let utf8 = path.utf8
        return .view(
            ViewSelector(channel: channel, build: build, cohort: cohort),
            rest: path[utf8.index(utf8.startIndex, offsetBy: position)...])
    }

    /// `/word/value` at `position` and where what follows it starts, when the segment there is a prefix word.
    /// A prefix word with an empty or missing value yields an empty value, refused by its check.
    private static func nextPair(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> (Word, Range<Int>, Int)? {
        let slash = UInt8(ascii: "/")
        guard position < bytes.count, bytes[position] == slash else { return nil }
        let wordStart = position + 1
        // The longest word is 8 bytes: a path of other segments is not scanned further.
        let wordSearch = wordStart..<min(bytes.count, wordStart + 9)
        guard let wordEnd = bytes[wordSearch].firstIndex(of: slash), let word = Word(bytes, wordStart..<wordEnd) else {
            return nil
        }
        let valueStart = wordEnd + 1
        let valueEnd = bytes[valueStart...].firstIndex(of: slash) ?? bytes.count
        return (word, valueStart..<valueEnd, valueEnd)
    }

    /// `0` … `999`, without leading zeros, so that each cohort has one URL (and one cache entry).
    private static func cohort(_ bytes: some Collection<UInt8>) -> Int? {
        guard (1...3).contains(bytes.count), bytes.count == 1 || bytes.first != UInt8(ascii: "0"),
            bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// At most 40 characters of what the client sent, control characters and line separators shown as `?`,
    /// so a refusal stays one short line wherever it is written (a problem's `detail`, a log line).
    private static func clipped(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
                ? "?" : scalar
        }))
        return text.unicodeScalars.count > 40 ? shown + "…" : shown
    }
}
