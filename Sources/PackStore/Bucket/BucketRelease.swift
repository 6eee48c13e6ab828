import Foundation

/// `releases/{n}/release.json`: everything a replica needs, besides the documents and blobs beside it, to
/// serve release n as the publisher does, without an index (docs/object-storage.md "Bucket layout").
public struct BucketRelease: Sendable, Hashable, Codable {
    public var release: Int
    public var createdAt: Date
    public var note: String
    /// In id order, as the index lists them.
    public var packs: [PackEntry]
    /// The release history as `GET /releases` lists it at publish time.
    public var history: [ReleaseSummary]
    /// Digest → size of the blobs of earlier retained releases that `/blobs/sha256/{hex}` still serves
    /// (`ReleaseSnapshot.otherBlobSizes`).
    public var otherBlobs: [String: Int64]
    /// Digests served by digest only with credentials (`ReleaseSnapshot.privateDigests`), sorted.
    public var privateDigests: [String]
    /// The settings the download manifests were encoded with (`DownloadManifestVariants.profile`).
    public var documentsProfile: String
    /// The names of the stored download-manifest bodies (`download-manifest`, `download-manifest-ios`, …).
    public var documents: [String]

    public init(
        release: Int, createdAt: Date, note: String, packs: [PackEntry], history: [ReleaseSummary],
        otherBlobs: [String: Int64], privateDigests: [String], documentsProfile: String, documents: [String]
    ) {
        self.release = release
        self.createdAt = createdAt
        self.note = note
        self.packs = packs
        self.history = history
        self.otherBlobs = otherBlobs
        self.privateDigests = privateDigests
        self.documentsProfile = documentsProfile
        self.documents = documents
    }

    /// Every blob the release needs in its cache before going live: its essential and prefetch packs'
    /// (on-demand ones may be read through on first request).
    public var blobsNeededBeforeLive: [String: Int64] {
        var blobs: [String: Int64] = [:]
        for pack in packs where pack.policy != .onDemand { blobs[pack.sha256] = pack.size }
        return blobs
    }

    /// Every blob it lists: its packs' and the earlier releases' it still serves by digest.
    public var allBlobs: [String: Int64] {
        var blobs = otherBlobs
        for pack in packs { blobs[pack.sha256] = pack.size }
        return blobs
    }

    /// Sorted keys and dates in milliseconds since 1970, so equal records are equal bytes and every replica
    /// decodes the same instant.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return Array(try encoder.encode(self))
    }

    /// Decodes and checks (`problem`): whoever can write the bucket can write this document, and its digests
    /// become cache paths on a replica.
    public init(json: [UInt8]) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        self = try decoder.decode(Self.self, from: Data(json))
        if let problem {
            throw PackStoreError.untrustworthyDocument(name: "releases/\(release)/release.json", problem: problem)
        }
    }

    /// The first value `StoredValueRules` refuses, or nil.
    var problem: String? {
        if release < 1 { return "release \(release) is below 1" }
        for pack in packs {
            if let problem = StoredValueRules.problem(in: pack) { return problem }
        }
        if let problem = StoredValueRules.problem(inBlobs: otherBlobs) { return problem }
        if let digest = privateDigests.first(where: { !StoredValueRules.isSHA256Hex($0) }) {
            return "private digest \"\(digest.prefix(80))\" is not 64 hex digits"
        }
        // Names of objects beside this one (`releases/{n}/{name}`): no path of their own.
        if let name = documents.first(where: { !Self.isDocumentName($0) }) {
            return "document name \"\(name.prefix(80))\" is not a name PackServe writes"
        }
        return nil
    }

    /// A stored document's name: a file name with no path of its own (`download-manifest-ios`).
    static func isDocumentName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }
}
