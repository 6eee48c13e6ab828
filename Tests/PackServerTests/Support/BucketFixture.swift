import Foundation
import Manifest
import PackStore
import Testing
import Synchronization

@testable import PackServer

/// A publisher in a temporary directory: an index, a signing key, a manual clock, and a directory bucket.
final class BucketFixture: Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("bucket-\(UUID().uuidString)")
    let store: PackStore
    let key = SigningKey()
    let configuration: PackServeConfiguration
    /// Unix seconds, moved by the test; starts at the wall clock's, which the index's `createdAt` uses.
    let seconds = Atomic<Int64>(Int64(Date().timeIntervalSince1970))

    init(prepareSeconds: Int = 30, retainSeconds: Int = 86_400) throws {
        store = try PackStore(dataDirectory: root.appendingPathComponent("data"))
        var configuration = PackServeConfiguration()
        configuration.publicBaseURL = "https://assets.example.com"
        configuration.replica.prepareSeconds = prepareSeconds
        configuration.storage.retainSeconds = retainSeconds
        configuration.signing.manifestLifetimeSeconds = 3_600
        self.configuration = configuration
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var now: Int64 { seconds.load(ordering: .relaxed) }
    func advance(_ by: Int64) { seconds.add(by, ordering: .relaxed) }

    var signer: ManifestSigner { ManifestSigner(key: key, configuration: configuration) }

    /// A fresh directory bucket under the fixture's root.
    func directoryBucket(_ name: String = "bucket-\(UUID().uuidString)") -> DirectoryBucket {
        DirectoryBucket(root: root.appendingPathComponent(name).path)
    }

    func sync(_ bucket: any ObjectBucket) throws -> BucketPublishReport? {
        try BucketSync(store: store, bucket: bucket, configuration: configuration, now: { [self] in now }).sync()
    }

    /// Adds (or replaces) pack `id` with `size` bytes of `byte`, tagged `tags`, into the draft.
    func addPack(_ id: String, byte: UInt8, size: Int = 1_000, tags: [String] = ["level"]) throws {
        let file = root.appendingPathComponent("\(id)-\(byte).bin")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(repeating: byte, count: size).write(to: file)
        try store.add(file: file, id: id, tags: tags, policy: .prefetch)
    }

    /// Publishes a release of `packs` packs whose bytes are new (`seed` tells the releases apart).
    @discardableResult
    func publishRelease(seed: UInt8, packs: Int = 3) throws -> (ReleaseSummary, StoredManifest) {
        for index in 0..<packs { try addPack("pack\(index)", byte: seed &+ UInt8(index) &* 17) }
        let (release, _) = try signer.publish(note: "release \(seed)", in: store, now: now)
        return (release, try #require(try store.latestManifest()))
    }
}
