import Foundation

/// An immutable, in-memory copy of one release: everything the request path needs to answer `/packs/{id}`,
/// `/tags/{tag}` and to build a manifest, without touching SQLite. The server loads a new one when
/// `PackStore.latestReleaseNumber()` changes and swaps it in atomically.
public struct ReleaseSnapshot: Sendable {
    public let release: Int
    public let createdAt: Date
    public let note: String
    /// Pack id → pack.
    public let packs: [String: Pack]
    /// The packs in id order (the manifests' order), kept as loaded so that building a manifest of 100,000
    /// packs costs no dictionary lookups.
    public let sortedPacks: [Pack]
    /// Tag → ids of the packs carrying it, sorted.
    public let tags: [String: [String]]
    /// Sum of all pack sizes.
    public let totalBytes: Int64
    /// `<dataDirectory>/blobs/sha256`, for mapping `/blobs/sha256/{hex}` to a file.
    public let blobDirectory: String
    /// Digest → size of the other blobs `/blobs/sha256/{hex}` serves: those earlier retained releases list
    /// and this release does not (never a version only the draft knows). With this release's packs, these are
    /// the blobs served by digest, each only at the size the index records.
    public let otherBlobSizes: [String: Int64]
    /// Digests `/blobs/sha256/{hex}` serves only with credentials: those whose newest listing (this release,
    /// else the newest earlier retained release that lists them) lists them only as private packs
    /// (docs/api.md "Private packs").
    public let privateDigests: Set<String>

    public init(
        release: Int, createdAt: Date, note: String, packs: [Pack], blobDirectory: String,
        otherBlobSizes: [String: Int64], privateDigests: Set<String> = []
    ) {
        self.release = release
        self.createdAt = createdAt
        self.note = note
        self.blobDirectory = blobDirectory
        self.otherBlobSizes = otherBlobSizes
        self.privateDigests = privateDigests
        var byID: [String: Pack] = [:]
        byID.reserveCapacity(packs.count)
        var byTag: [String: [String]] = [:]
        var total: Int64 = 0
        for pack in packs {
            byID[pack.id] = pack
            total += pack.size
            for tag in pack.tags { byTag[tag, default: []].append(pack.id) }
        }
        self.packs = byID
        // The index hands packs over sorted by id; check in O(n) instead of sorting 100,000 strings again.
        let isSorted = zip(packs, packs.dropFirst()).allSatisfy { $0.id < $1.id }
        sortedPacks = isSorted ? packs : packs.sorted { $0.id < $1.id }
        tags = isSorted ? byTag : byTag.mapValues { $0.sorted() }
        totalBytes = total
    }

    /// Pack ids sorted ascending.
    public var packIDs: [String] { sortedPacks.map(\.id) }

    /// The packs carrying `tag`, in id order; nil for a tag no pack in this release carries.
    public func packs(taggedWith tag: String) -> [Pack]? {
        tags[tag].map { ids in ids.compactMap { packs[$0] } }
    }

    /// The file of blob `hex`, or nil when `hex` is not 64 lowercase hex digits (never a path outside the tree).
    /// The file may not exist: blobs of other releases are served too, and the caller's open() decides.
    public func blobPath(forSHA256 hex: String) -> String? {
        guard hex.utf8.count == 64,
            hex.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) })
        else { return nil }
        return "\(blobDirectory)/\(hex.prefix(2))/\(hex)"
    }
}
