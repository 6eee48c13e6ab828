import AppleArchive

// libFuzzer entry point for the Apple Archive reader (docs/apple-archive.md).
//
// Built by scripts/fuzz from Fuzz/Package.swift over the AppleArchive library (its reader imports nothing
// but the standard library).
//
// The input is the archive. Every invariant ingest relies on is checked with `precondition`, so a violation
// is a crash libFuzzer reports with its input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = read(bytes, splits: [])
    checkWellFormed(whole, input: bytes)
    precondition(read(bytes, splits: []) == whole, "reading is not deterministic")

    // The same bytes split in two at a point the first byte chooses, and in three; for short inputs one byte
    // at a time: the reader must report exactly the same.
    if size > 1 {
        let split = 1 + Int(bytes[0]) * (size - 1) / 256
        precondition(read(bytes, splits: [split]) == whole, "a split at \(split) changed the result")
        precondition(read(bytes, splits: [split / 2, split]) == whole, "three pieces changed the result")
    }
    if size <= 512 {
        precondition(read(bytes, splits: Array(1..<max(size, 1))) == whole, "byte-at-a-time changed the result")
    }
    return 0
}

private struct Outcome: Equatable {
    var log = ArchiveEventLog()
    var survey = ArchiveSurveyResult()
    var format: ArchiveFormat?
    var error: AppleArchiveError?
    var consumed: Int64 = 0
}

/// What the survey handler found, as a comparable value.
private struct ArchiveSurveyResult: Equatable {
    var entries = 0
    var installedBytes: UInt64 = 0
    var manifestJSON: [UInt8]?
}

private func read(_ bytes: [UInt8], splits: [Int]) -> Outcome {
    var reader = AppleArchiveReader()
    var handlers = ArchiveHandlerPair(ArchiveEventLog(), ArchiveSurvey(maxManifestBytes: 64))
    var outcome = Outcome()
    let bounds = [0] + splits.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
    do throws(AppleArchiveError) {
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            try reader.feed(Array(bytes[start..<end]), to: &handlers)
        }
        try reader.finish()
    } catch {
        outcome.error = error
    }
    outcome.log = handlers.first
    outcome.survey = ArchiveSurveyResult(
        entries: handlers.second.entries, installedBytes: handlers.second.installedBytes,
        manifestJSON: handlers.second.manifestJSON)
    outcome.format = reader.format
    outcome.consumed = reader.offset
    return outcome
}

/// The events of an accepted archive account for every input byte: each header is followed by exactly its
/// blobs' bytes, in field order, then its end.
private func checkWellFormed(_ outcome: Outcome, input: [UInt8]) {
    precondition(outcome.format != nil, "no format after finish")
    if let error = outcome.error {
        precondition(error.offset >= 0 && error.offset <= Int64(input.count), "error offset outside the input")
        precondition(!error.description.contains("\n"), "a refusal of more than one line")
        precondition(outcome.format == .appleArchive, "a refusal of something that is not an archive")
        return
    }
    precondition(outcome.consumed == Int64(input.count), "input not consumed")
    guard outcome.format == .appleArchive else {
        precondition(outcome.log.events.isEmpty, "events from something that is not an archive")
        return
    }
    var position: Int64 = 0
    var pendingBlobs: [(key: ArchiveFieldKey, size: UInt64)] = []
    var installed: UInt64 = 0
    var entries = 0
    var open = false
    for event in outcome.log.events {
        switch event {
        case .header(let header):
            precondition(!open, "a header inside an entry")
            precondition(header.offset == position, "a header not where the last entry ended")
            precondition(header.size >= 6 && header.size <= 0xFFFF, "header size outside 6...65535")
            precondition(Array(input[Int(position)..<Int(position) + 4]) == Array("AA01".utf8)
                || Array(input[Int(position)..<Int(position) + 4]) == Array("YAA1".utf8), "header without magic")
            position += Int64(header.size)
            pendingBlobs = header.blobs.filter { $0.size > 0 }
            installed += header.dataSize
            entries += 1
            open = true
        case .data(let key, let bytes):
            precondition(open && !pendingBlobs.isEmpty, "data outside a blob")
            let blob = pendingBlobs.removeFirst()
            precondition(blob.key == key && UInt64(bytes.count) == blob.size, "blob bytes differ from its field")
            precondition(Array(input[Int(position)..<Int(position) + bytes.count]) == bytes, "blob bytes are not the input's")
            position += Int64(bytes.count)
        case .end:
            precondition(open && pendingBlobs.isEmpty, "an entry ended before its blobs")
            open = false
        }
    }
    precondition(!open && position == Int64(input.count), "events do not cover the input")
    precondition(outcome.survey.entries == entries && outcome.survey.installedBytes == installed, "survey disagrees")
}
