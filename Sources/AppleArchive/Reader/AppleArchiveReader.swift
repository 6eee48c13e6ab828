// scripts/fuzz compiles Reader/ and Hex's sources into one module, where there is nothing to import.
#if canImport(Hex)
import Hex
#endif

/// An incremental reader of raw Apple Archives (`AA01`): fed the archive in chunks of any size, it hands each
/// entry's header, its blobs' bytes and its end to an `ArchiveEventHandler`, holding no more than one header
/// (at most 64 KiB) at a time, so an archive of any size streams through it. `finish()` after the last chunk
/// refuses an archive that stops inside an entry.
///
/// The first four bytes decide `format`: for anything but a raw archive the reader reads nothing further
/// (a compressed container is recognised, not decompressed; other bytes are not an archive at all).
public struct AppleArchiveReader: Sendable {
    /// Nil until four bytes (or `finish()`) arrived.
    public private(set) var format: ArchiveFormat?
    /// Bytes fed so far.
    public private(set) var offset: Int64 = 0
    /// Entries whose header was read.
    public private(set) var entryCount = 0

    private enum Stage: Sendable {
        /// Gathering a header into `pending`: first its 6-byte prefix, then the rest of `size`.
        case header
        /// Passing the bytes of blob `index` of the current entry; `remaining` of them still to come.
        case blob(index: Int, remaining: UInt64)
        /// Not a raw archive: every further byte is counted and ignored.
        case ignoring
        case failed(AppleArchiveError)
    }

    private var stage = Stage.header
    private var pending: [UInt8] = []
    private var blobs: [(key: ArchiveFieldKey, size: UInt64)] = []

    public init() {}

    public mutating func feed(_ chunk: [UInt8], to handler: inout some ArchiveEventHandler) throws(AppleArchiveError) {
        let result = chunk.withUnsafeBytes { bytes in
            Result { () throws(AppleArchiveError) in try feed(bytes, to: &handler) }
        }
        try result.get()
    }

    public mutating func feed(
        _ chunk: UnsafeRawBufferPointer, to handler: inout some ArchiveEventHandler
    ) throws(AppleArchiveError) {
        var rest = chunk[...]
        do throws(AppleArchiveError) {
            while !rest.isEmpty {
                switch stage {
                case .failed(let error):
                    throw error
                case .ignoring:
                    offset += Int64(rest.count)
                    rest = rest[rest.endIndex...]
                case .header:
                    rest = try gatherHeader(rest, handler: &handler)
                case .blob(let index, let remaining):
                    let count = Int(min(UInt64(rest.count), remaining))
                    try handler.entryData(UnsafeRawBufferPointer(rebasing: rest.prefix(count)), blob: blobs[index].key)
                    offset += Int64(count)
                    rest = rest.dropFirst(count)
                    if UInt64(count) == remaining { try startBlob(after: index, handler: &handler) } else {
                        stage = .blob(index: index, remaining: remaining - UInt64(count))
                    }
                }
            }
        } catch {
            stage = .failed(error)
            throw error
        }
    }

    /// Call after the last chunk: refuses an archive that ends inside an entry, and settles `format` for
    /// input shorter than a magic.
    public mutating func finish() throws(AppleArchiveError) {
        switch stage {
        case .failed(let error):
            throw error
        case .ignoring:
            return
        case .header where pending.isEmpty:
            if format == nil { format = .notAnArchive }
            return
        case .header:
            if format == nil {
                // Fewer than four bytes in all: too short to be anything.
                format = .notAnArchive
                stage = .ignoring
                return
            }
            let needed = pending.count < ArchiveHeaderParser.prefixLength
                ? ArchiveHeaderParser.prefixLength : ArchiveHeaderParser.declaredSize(pending)
            let error = AppleArchiveError(
                offset: offset, "the archive ends inside the header of entry \(entryCount + 1) "
                    + "(\(pending.count) of \(needed) bytes)")
            stage = .failed(error)
            throw error
        case .blob(let index, let remaining):
            let error = AppleArchiveError(
                offset: offset, "the archive ends inside the \(blobs[index].key) data of entry \(entryCount) "
                    + "(\(remaining) of \(blobs[index].size) bytes missing)")
            stage = .failed(error)
            throw error
        }
    }

    /// Takes header bytes from `bytes`; once the header is whole, parses it and starts its blobs.
    private mutating func gatherHeader(
        _ bytes: Slice<UnsafeRawBufferPointer>, handler: inout some ArchiveEventHandler
    ) throws(AppleArchiveError) -> Slice<UnsafeRawBufferPointer> {
        let headerStart = offset - Int64(pending.count)
        let wanted = pending.count < ArchiveHeaderParser.prefixLength
            ? ArchiveHeaderParser.prefixLength : ArchiveHeaderParser.declaredSize(pending)
        let taken = min(wanted - pending.count, bytes.count)
        pending.append(contentsOf: bytes.prefix(taken))
        offset += Int64(taken)
        let rest = bytes.dropFirst(taken)

        if format == nil, pending.count >= ArchiveFormat.magicLength {
            format = ArchiveFormat(magic: pending)
            if format != .appleArchive {
                pending = []
                stage = .ignoring
                return rest
            }
        }
        if pending.count == ArchiveHeaderParser.prefixLength, wanted == ArchiveHeaderParser.prefixLength {
            guard ArchiveFormat.isEntryMagic(pending.prefix(ArchiveFormat.magicLength)) else {
                throw AppleArchiveError(
                    offset: headerStart, "entry \(entryCount + 1) does not start with AA01 "
                        + "(found \(Self.describeMagic(pending.prefix(4))))")
            }
            let size = ArchiveHeaderParser.declaredSize(pending)
            guard size >= ArchiveHeaderParser.prefixLength else {
                throw AppleArchiveError(
                    offset: headerStart, "entry \(entryCount + 1)'s header says it is \(size) bytes long, "
                        + "less than its own magic and size")
            }
            if size > ArchiveHeaderParser.prefixLength { return rest }
        } else if pending.count < wanted {
            return rest
        }
        let header = try ArchiveHeaderParser.parse(pending, at: headerStart)
        pending.removeAll(keepingCapacity: true)
        entryCount += 1
        blobs = header.blobs
        try handler.entryStarted(header)
        try startBlob(after: -1, handler: &handler)
        return rest
    }

    /// Moves to the first blob after `index` that has bytes, or ends the entry when none is left.
    private mutating func startBlob(after index: Int, handler: inout some ArchiveEventHandler) throws(AppleArchiveError) {
        var next = index + 1
        while next < blobs.count, blobs[next].size == 0 { next += 1 }
        if next < blobs.count {
            stage = .blob(index: next, remaining: blobs[next].size)
        } else {
            stage = .header
            try handler.entryFinished()
        }
    }

    private static func describeMagic(_ bytes: some Collection<UInt8>) -> String {
        let printable = bytes.allSatisfy { (0x20...0x7E).contains($0) }
        return printable
            ? "\"\(String(decoding: Array(bytes), as: UTF8.self))\""
            : "0x" + Hex.string(bytes)
    }
}
