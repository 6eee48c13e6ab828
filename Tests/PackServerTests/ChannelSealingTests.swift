import Foundation
import Manifest
import PackStore
import ReleaseViews
import Testing

@testable import PackServer

/// The server's sealer and stored documents (docs/channels.md "Stored documents"): with blob URLs every view
/// of a release with the same Apple versions has the same download manifest, so a channel pointed at a
/// release another channel reads names the stored bytes instead of encoding them; with view-prefixed pack
/// URLs the bytes differ per view, and each view encodes its own.
@Suite struct ChannelSealingTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("channel-sealing-\(UUID().uuidString)")

    func signer(style: PackURLStyle) -> ManifestSigner {
        var configuration = PackServeConfiguration()
        configuration.publicBaseURL = "https://assets.example.com"
        configuration.packURLs = style
        return ManifestSigner(key: SigningKey(), configuration: configuration)
    }

    /// Production and beta reading release 1: the digests of their download manifests, and how many bodies
    /// the index holds.
    func documents(style: PackURLStyle) throws -> (production: [String: String], beta: [String: String], bodies: Int) {
        let data = root.appendingPathComponent("\(style)")
        defer { try? FileManager.default.removeItem(at: data) }
        let store = try PackStore(dataDirectory: data)
        let file = data.appendingPathComponent("a.bin")
        try Data(repeating: 7, count: 100).write(to: file)
        try store.add(file: file, id: "a", tags: [], policy: .onDemand)
        let signer = signer(style: style)
        _ = try signer.publish(note: "", in: store, now: 1_000)
        let beta = ChannelName("beta")!
        _ = try store.createChannel(beta, sealedBy: signer.sealing(now: 1_001))
        let segment = ViewSegment(lower: .zero, upper: nil, release: 1)
        let profile = DownloadManifestVariants.profile(baseURL: signer.issuer, style: style)
        let production = try #require(try store.viewDocumentDigests(channel: .production, segment: segment, profile: profile))
        let betas = try #require(try store.viewDocumentDigests(channel: beta, segment: segment, profile: profile))
        #expect(try store.fsck().isConsistent)
        var bodies = Set<String>()
        for digest in Array(production.values) + Array(betas.values) {
            #expect(try store.documentBody(digest: digest)?.isEmpty == false)
            bodies.insert(digest)
        }
        return (production, betas, bodies.count)
    }

    /// The bytes agree either way; that the sealer names them instead of encoding them is shown in the store
    /// (`ChannelStoreTests.aViewLikeOneStoredIsOfferedItsDocuments`). This checks the server's sealer keeps one
    /// body for both channels and that the index stays consistent.
    @Test func withBlobURLsAChannelNamesTheDocumentsAnotherStored() throws {
        let (production, beta, bodies) = try documents(style: .blobs)
        #expect(beta == production)
        #expect(bodies == production.count)
    }

    @Test func withPackURLsEachViewEncodesItsOwn() throws {
        let (production, beta, bodies) = try documents(style: .packs)
        #expect(Set(beta.values).isDisjoint(with: production.values))
        #expect(bodies == production.count + beta.count)
    }
}
