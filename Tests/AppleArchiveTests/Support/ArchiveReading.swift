import AppleArchive

/// Feeds an archive to a fresh reader in pieces of `chunkSizes` (cycled; the whole archive in one piece when
/// empty) and returns what the reader logged, its format, or its refusal.
public enum ArchiveReading {
    public struct Outcome: Equatable {
        public var log = ArchiveEventLog()
        public var format: ArchiveFormat?
        public var error: AppleArchiveError?
    }

    public static func read(_ bytes: [UInt8], chunkSizes: [Int] = []) -> Outcome {
        var reader = AppleArchiveReader()
        var outcome = Outcome()
        do throws(AppleArchiveError) {
            var start = 0
            var turn = 0
            while start < bytes.count {
                let size = chunkSizes.isEmpty ? bytes.count : chunkSizes[turn % chunkSizes.count]
                let end = min(bytes.count, start + size)
                try reader.feed(Array(bytes[start..<end]), to: &outcome.log)
                start = end
                turn += 1
            }
            try reader.finish()
        } catch {
            outcome.error = error
        }
        outcome.format = reader.format
        return outcome
    }

    /// The headers the reader reported.
    public static func headers(_ outcome: Outcome) -> [ArchiveEntryHeader] {
        outcome.log.events.compactMap { if case .header(let header) = $0 { header } else { nil } }
    }
}
