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

    private enum Word: Int, CaseIterable {
        case channels = 0, builds = 1, cohorts = 2

        /// Each word's bytes, by `rawValue`, compared as bytes: walking a `String`'s UTF-8 view on every request
        /// cost more than the rest of the parse (perf of scripts/bench-rollouts' cohort row).
        static let spellings: [[UInt8]] = [Array("channels".utf8), Array("builds".utf8), Array("cohorts".utf8)]

        init?(_ segment: some Collection<UInt8>) {
            guard let word = Self.allCases.first(where: { word in
                let spelling = Self.spellings[word.rawValue]
                return segment.count == spelling.count && segment.elementsEqual(spelling)
            }) else { return nil }
            self = word
        }
    }

    /// `/channels/`, `/builds/`, `/cohorts/` as bytes.
    private static let prefixes: [[UInt8]] = Word.spellings.map { [UInt8(ascii: "/")] + $0 + [UInt8(ascii: "/")] }

    /// True when `path` may carry a prefix: it starts with `/channels/`, `/builds/` or `/cohorts/`.
    /// Cheap enough to ask of every request (bytes compared, no Unicode work); `/channels` alone is the list of
    /// channels, not a prefix.
    public static func mayHavePrefix(_ path: Substring) -> Bool {
        path.utf8.withContiguousStorageIfAvailable(startsWithWord) ?? startsWithWord(Array(path.utf8)[...])
    }

    private static func startsWithWord(_ bytes: some RandomAccessCollection<UInt8>) -> Bool {
        guard bytes.count > 8, bytes.first == UInt8(ascii: "/") else { return false }
        return prefixes.contains { bytes.starts(with: $0) }
    }

    public static func split(_ path: Substring) -> Split {
        // One pass over the bytes in place (the path of a request is contiguous UTF-8).
        path.utf8.withContiguousStorageIfAvailable { split(path, bytes: $0) } ?? split(path, bytes: Array(path.utf8)[...])
    }

    private static func split<Bytes: RandomAccessCollection<UInt8>>(_ path: Substring, bytes: Bytes) -> Split
    where Bytes.Index == Int {
        guard startsWithWord(bytes) else { return .none }
        var selector = ViewSelector()
        var position = bytes.startIndex
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
                guard let channel = ChannelName(utf8: valueBytes) else {
                    return .malformed("'\(clipped(valueBytes))' is not a channel name ([a-z][a-z0-9-]{0,31})")
                }
                selector.channel = channel
            case .builds:
                guard let build = try? AppBuild(utf8: valueBytes) else {
                    return .malformed(valueBytes.isEmpty
                        ? "a build is empty: give one to three period-separated numbers, such as 1.10 or 42"
                        : "'\(clipped(valueBytes))' is not a build: give one to three period-separated numbers, such as 1.10 or 42")
                }
                selector.build = build
            case .cohorts:
                guard let cohort = cohort(valueBytes) else {
                    return .malformed("'\(clipped(valueBytes))' is not a cohort: give a whole number from 0 to \(maxCohort)")
                }
                selector.cohort = cohort
            }
            last = word
            position = after
        }
        if last == nil { return .malformed("a view prefix needs a value: /channels/{name}, /builds/{build} or /cohorts/{k}") }
        let utf8 = path.utf8
        let restStart = utf8.index(utf8.startIndex, offsetBy: position - bytes.startIndex)
        return .view(selector, rest: path[restStart...])
    }

    /// `/word/value` at `position` and where what follows it starts, when the segment there is a prefix word.
    /// A prefix word with an empty or missing value yields an empty value, refused by its check.
    private static func nextPair<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from position: Int)
        -> (Word, Range<Int>, Int)? where Bytes.Index == Int
    {
        let slash = UInt8(ascii: "/")
        guard position < bytes.endIndex, bytes[position] == slash else { return nil }
        let wordStart = position + 1
        guard let wordEnd = bytes[wordStart...].firstIndex(of: slash), let word = Word(bytes[wordStart..<wordEnd]) else {
            return nil
        }
        let valueStart = wordEnd + 1
        let valueEnd = bytes[valueStart...].firstIndex(of: slash) ?? bytes.endIndex
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
