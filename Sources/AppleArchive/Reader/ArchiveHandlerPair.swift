/// Two handlers fed the same events in one pass over the archive (first, then second).
public struct ArchiveHandlerPair<First: ArchiveEventHandler, Second: ArchiveEventHandler>: ArchiveEventHandler {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public mutating func entryStarted(_ header: ArchiveEntryHeader) throws(AppleArchiveError) {
        try first.entryStarted(header)
        try second.entryStarted(header)
    }

    public mutating func entryData(_ bytes: UnsafeRawBufferPointer, blob: ArchiveFieldKey) throws(AppleArchiveError) {
        try first.entryData(bytes, blob: blob)
        try second.entryData(bytes, blob: blob)
    }

    public mutating func entryFinished() throws(AppleArchiveError) {
        try first.entryFinished()
        try second.entryFinished()
    }
}

extension ArchiveHandlerPair: Sendable where First: Sendable, Second: Sendable {}
