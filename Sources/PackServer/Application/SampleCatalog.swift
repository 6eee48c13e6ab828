import Foundation
import Logging
import PackStore

/// The packs a fresh install publishes when `sampleCatalog` is on (the shipped config.json), so the
/// README's first command shows a working host: one pack per policy, several tags, tags spanning packs.
///
/// | id | policy | order | tags | content |
/// |---|---|---|---|---|
/// | starter-kit | essential | 0 | core | a zip of a small directory |
/// | level-1 | prefetch | 1 | levels, forest | 512 KiB |
/// | level-2 | prefetch | 2 | levels, desert | 768 KiB |
/// | forest-hd | on-demand | 0 | forest, hd | 1 MiB |
/// | soundtrack | on-demand | 0 | audio | 384 KiB |
///
/// The bytes are pseudo-random from a fixed seed, so the digests are the same on every machine
/// (except the zip, whose entries carry timestamps).
public enum SampleCatalog {
    struct Sample {
        let id: String
        let policy: PackPolicy
        let order: Int
        let tags: [String]
        let size: Int
    }

    static let samples = [
        Sample(id: "level-1", policy: .prefetch, order: 1, tags: ["levels", "forest"], size: 512 << 10),
        Sample(id: "level-2", policy: .prefetch, order: 2, tags: ["levels", "desert"], size: 768 << 10),
        Sample(id: "forest-hd", policy: .onDemand, order: 0, tags: ["forest", "hd"], size: 1 << 20),
        Sample(id: "soundtrack", policy: .onDemand, order: 0, tags: ["audio"], size: 384 << 10),
    ]

    /// Adds and publishes the samples if the index has neither packs nor releases. Returns the release
    /// number, or nil when the index was not empty.
    @discardableResult
    public static func installIfEmpty(into store: PackStore, signer: ManifestSigner, logger: Logger) throws -> Int? {
        guard try store.releases().isEmpty, try store.listDraft().isEmpty else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-samples-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let kit = scratch.appendingPathComponent("starter-kit")
        try FileManager.default.createDirectory(at: kit, withIntermediateDirectories: true)
        try Data("Welcome to PackServe.\n".utf8).write(to: kit.appendingPathComponent("README.txt"))
        try Data(pseudoRandomBytes(count: 64 << 10, seed: 0)).write(to: kit.appendingPathComponent("atlas.bin"))
        try store.add(file: kit, id: "starter-kit", tags: ["core"], policy: .essential, order: 0)

        for (index, sample) in samples.enumerated() {
            let file = scratch.appendingPathComponent("\(sample.id).bin")
            try Data(bytes(ofSampleAt: index)).write(to: file)
            try store.add(file: file, id: sample.id, tags: sample.tags, policy: sample.policy, order: sample.order)
        }
        let (release, _) = try signer.publish(note: "sample catalog", in: store)
        logger.info("published the sample catalog as release \(release.number) (\(samples.count + 1) packs)")
        return release.number
    }

    /// The bytes of `samples[index]`: the same on every machine, so are their digests.
    static func bytes(ofSampleAt index: Int) -> [UInt8] {
        pseudoRandomBytes(count: samples[index].size, seed: UInt64(index + 1))
    }

    /// SplitMix64: a fixed, portable byte stream (incompressible, like real game assets).
    static func pseudoRandomBytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            withUnsafeBytes(of: z.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }
}
