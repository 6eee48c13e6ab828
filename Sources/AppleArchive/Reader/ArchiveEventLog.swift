/// A handler that keeps everything it is told as values: each header, each blob's bytes (pieces of one blob
/// joined, so the log does not depend on how the input was split) and each entry's end. For tests and the
/// fuzzer, which compare what different feedings produce; it holds whole blobs, so not for real packs.
public struct ArchiveEventLog: ArchiveEventHandler, Sendable, Hashable {
    public enum Event: Sendable, Hashable {
        case header(ArchiveEntryHeader)
        case data(ArchiveFieldKey, [UInt8])
        case end
    }

    public private(set) var events: [Event] = []

    public init() {}

    public mutating func entryStarted(_ header: ArchiveEntryHeader) throws(AppleArchiveError) {
        events.append(.header(header))
    }

    public mutating func entryData(_ bytes: UnsafeRawBufferPointer, blob: ArchiveFieldKey) throws(AppleArchiveError) {
        if case .data(let key, var gathered) = events.last, key == blob {
            events.removeLast()
            gathered.append(contentsOf: bytes)
            events.append(.data(key, gathered))
        } else {
            events.append(.data(blob, Array(bytes)))
        }
    }

    public mutating func entryFinished() throws(AppleArchiveError) {
        events.append(.end)
    }
}
