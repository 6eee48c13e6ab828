/// What a value read back from storage must be before it becomes a file path or a number PackServe adds up:
/// the index (which `restore` may bring from a bucket) and a bucket's `release.json` and `current.json` are
/// written by PackServe, but whoever can write the bucket can write them too (docs/deploying.md "Losing the
/// publisher"). A digest that is not 64 hex digits would be a path out of the blob tree; a size near
/// `Int64.max` would overflow the totals. Pure checks, one line per problem.
public enum StoredValueRules {
    /// The largest pack any configuration accepts (`limits.maxPackBytes` is at most 1 TiB).
    public static let maxPackBytes: Int64 = 1 << 40
    /// More entries than any archive of `maxPackBytes` could hold (an entry's header is at least 6 bytes).
    public static let maxArchiveEntries = Int(maxPackBytes / 6)
    /// Generous: an archive may unpack to far more than it stores, but not to an exabyte.
    public static let maxInstalledBytes: Int64 = 1 << 50

    /// 64 lowercase hexadecimal digits: a SHA-256 as the blob tree, the bucket and the URLs name it.
    public static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
    }

    /// The first thing wrong with what a server does with a pack: its digest names a file, its size and numbers
    /// are added up and compared. What `serve` checks each time it loads a release (`loadReleaseEntries`),
    /// and all of it within what `IndexAudit` checks, so a restored index that passed the audit loads.
    public static func servingProblem(in pack: PackEntry) -> String? {
        if !isSHA256Hex(pack.sha256) { return "pack \(pack.id): sha256 \"\(pack.sha256.prefix(80))\" is not 64 hex digits" }
        if !(0...maxPackBytes).contains(pack.size) { return "pack \(pack.id): size \(pack.size) is outside 0…\(maxPackBytes)" }
        if pack.version < 1 { return "pack \(pack.id): version \(pack.version) is below 1" }
        if pack.appleVersion < 0 { return "pack \(pack.id): Apple version \(pack.appleVersion) is negative" }
        if !(0...Int(Int32.max)).contains(pack.order) { return "pack \(pack.id): order \(pack.order) is out of range" }
        return nil
    }

    /// The first thing wrong with a pack as a bucket's `release.json` lists it (`servingProblem`, and its
    /// names), or nil.
    public static func problem(in pack: PackEntry) -> String? {
        if !NameRules.isValidPackID(pack.id) { return "pack id \"\(pack.id.prefix(80))\" is not a valid id" }
        if let problem = servingProblem(in: pack) { return problem }
        if let tag = pack.tags.first(where: { !NameRules.isValidTag($0) }) { return "pack \(pack.id): tag \"\(tag.prefix(80))\" is not a valid tag" }
        if !NameRules.isValidContentType(pack.contentType) { return "pack \(pack.id): content type is not a valid media type" }
        if let archive = pack.archive {
            if !(0...maxArchiveEntries).contains(archive.entries) { return "pack \(pack.id): \(archive.entries) archive entries" }
            if !(0...maxInstalledBytes).contains(archive.installedBytes) {
                return "pack \(pack.id): installed bytes \(archive.installedBytes) are out of range"
            }
        }
        return nil
    }

    /// A digest → size map of blobs (a release's other blobs, the index's blobs).
    public static func problem(inBlobs blobs: [String: Int64]) -> String? {
        for (digest, size) in blobs {
            if !isSHA256Hex(digest) { return "blob \"\(digest.prefix(80))\" is not 64 hex digits" }
            if !(0...maxPackBytes).contains(size) { return "blob \(digest): size \(size) is outside 0…\(maxPackBytes)" }
        }
        return nil
    }
}
