import Foundation
import PackKitTestSupport
import PackKitWire
import Testing
@testable import PackKit

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double

    init(_ seconds: Double = 1_763_769_600) { self.seconds = seconds }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return Date(timeIntervalSince1970: seconds)
    }

    func advance(_ by: Double = 1) {
        lock.lock()
        seconds += by
        lock.unlock()
    }
}

@Suite struct PackStoreTests {
    let directory = temporaryDirectory()
    let clock = ManualClock()

    func store() throws -> PackStore { try PackStore(directory: directory, clock: { [clock] in clock.now }) }

    /// Installs a pack of `size` bytes under `id` as if downloaded and verified.
    @discardableResult
    func install(_ store: PackStore, _ id: String, size: Int = 100, tags: [String] = [], seed: UInt8 = 1) throws -> InstalledPack {
        let bytes = SampleManifest.bytes(size, seed: seed)
        let pack = SampleManifest.pack(id, bytes: bytes, tags: tags)
        let partial = store.partialURL(for: pack)
        try Data(bytes).write(to: partial)
        clock.advance()
        return try store.install(verifiedFile: partial, for: pack)
    }

    @Test func purgesLowestPriorityFirstThenLeastRecentlyUsed() throws {
        let store = try store()
        try install(store, "old")
        try install(store, "new")
        try install(store, "kept", tags: ["boss"])
        try install(store, "cheap", tags: ["intro"])
        try store.setPreservationPriority(0.9, forTags: ["boss"])
        try store.setPreservationPriority(0.1, forTags: ["intro"])
        store.beginAccess(["old"])  // touches it: now the most recently used of the default priority
        store.endAccess(["old"])
        #expect(try store.purge(bytes: 250).map(\.id) == ["cheap", "new", "old"])
        #expect(store.installedPacks.map(\.id) == ["kept"])
    }

    @Test func neverPurgesAPackInUse() throws {
        let store = try store()
        let held = try install(store, "held")
        try install(store, "free")
        store.beginAccess(["held"])
        #expect(try store.purge(bytes: .max).map(\.id) == ["free"])
        #expect(FileManager.default.fileExists(atPath: held.url.path))
        store.endAccess(["held"])
        #expect(try store.purge(bytes: .max).map(\.id) == ["held"])
        #expect(!FileManager.default.fileExists(atPath: held.url.path))
    }

    @Test func survivesARestartWithoutAccessCounts() throws {
        try install(try store(), "a")
        let reopened = try store()
        #expect(reopened.installedPacks.map(\.id) == ["a"])
        #expect(reopened.accessCount(id: "a") == 0)
    }

    @Test func announcesInstallsUpdatesAndPurges() async throws {
        let store = try store()
        let events = store.events()
        let first = try install(store, "a", seed: 1)
        let second = try install(store, "a", seed: 2)
        try store.purge(bytes: 1)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .installed(first))
        #expect(await iterator.next() == .updated(second, previousSHA256: first.sha256))
        #expect(await iterator.next() == .purged(id: "a", sha256: second.sha256, bytes: 100))
        #expect(!FileManager.default.fileExists(atPath: first.url.path))
    }

    /// An update while the old version is open keeps the old file until its last access ends.
    @Test func keepsAReplacedFileWhileItIsInUse() throws {
        let store = try store()
        let first = try install(store, "a", seed: 1)
        store.beginAccess(["a"])
        try install(store, "a", seed: 2)
        #expect(FileManager.default.fileExists(atPath: first.url.path))
        store.endAccess(["a"])
        #expect(!FileManager.default.fileExists(atPath: first.url.path))
    }

    /// 1,000 random sequences of begin, end, install and purge: a pack whose access count is above zero
    /// is never purged, and its file is always there.
    @Test func purgeNeverRemovesAPackInUseUnderRandomSequences() throws {
        var generator = SplitMix64(seed: 35)
        let ids = ["a", "b", "c", "d", "e"]
        for _ in 0..<1_000 {
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            // Atomic but not fsynced: the property is about access counts, and 30,000 fsyncs take a while.
            let store = try PackStore(directory: directory, clock: { [clock] in clock.now }, durableIndex: false)
            var counts: [String: Int] = [:]
            for id in ids { try install(store, id, size: Int(generator.next() % 50) + 1, seed: UInt8(generator.next() % 200)) }
            for _ in 0..<20 {
                let id = ids[Int(generator.next() % UInt64(ids.count))]
                switch generator.next() % 4 {
                case 0:
                    store.beginAccess([id])
                    counts[id, default: 0] += 1
                case 1 where counts[id, default: 0] > 0:
                    store.endAccess([id])
                    counts[id, default: 0] -= 1
                case 2:
                    let purged = try store.purge(bytes: Int64(generator.next() % 120))
                    for pack in purged { #expect(counts[pack.id, default: 0] == 0, "purged \(pack.id) while in use") }
                default:
                    if store.installedPack(id: id) == nil { try install(store, id, size: 10, seed: UInt8(generator.next() % 200)) }
                }
                for (id, count) in counts where count > 0 {
                    if let pack = store.installedPack(id: id) {
                        #expect(FileManager.default.fileExists(atPath: pack.url.path))
                    }
                }
            }
        }
    }
}

/// A small deterministic generator, so a failing sequence can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
