/// Receives what `AppleArchiveReader` finds, in archive order: each entry's header, then the bytes of each
/// of its blobs (in as many pieces as the input arrived in), then the entry's end. A handler that throws
/// stops the reading; the reader rethrows its error.
public protocol ArchiveEventHandler {
    mutating func entryStarted(_ header: ArchiveEntryHeader) throws(AppleArchiveError)
    /// Bytes of `blob` (a field of the current header); valid only during the call.
    mutating func entryData(_ bytes: UnsafeRawBufferPointer, blob: ArchiveFieldKey) throws(AppleArchiveError)
    mutating func entryFinished() throws(AppleArchiveError)
}
