import Foundation
import Logging
import Manifest
import PackStore
import ReleaseViews
import Synchronization
import Testing

@testable import PackServer

/// Several `serve` processes on one data directory (docs/reliability.md "One signer"), in-process: three
/// watchers with their own `LiveRelease` on one index and one manual clock. Exactly one signs each renewal,
/// the others adopt it, all three switch at its go-live second, and a client reading from any of them never
/// sees `version` go down or an expired manifest; when the signer stops, another takes over before expiry.
@Suite struct OneSignerTests {
    /// Seconds since 1970, moved by the test.
    final class ManualClock: Sendable {
        let seconds = Atomic<Int64>(1_000_000)
        var now: Int64 { seconds.load(ordering: .relaxed) }
        func advance() { seconds.add(1, ordering: .relaxed) }
    }

    struct Process {
        let name: String
        let live: LiveRelease
        let watcher: ReleaseWatcher
    }

    static let lifetime = 40

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("one-signer-\(UUID().uuidString)")
    let clock = ManualClock()

    func start(_ name: String, store: PackStore, signer: ManifestSigner) -> Process {
        let live = LiveRelease(clock: { [clock] in clock.now })
        let watcher = ReleaseWatcher(
            store: store, live: live, baseURL: "https://assets.example.com", style: .packs, signer: signer,
            logger: Logger(label: name) { _ in SwiftLogNoOpLogHandler() }, signingLeaseHolder: name)
        return Process(name: name, live: live, watcher: watcher)
    }

    /// A store with one pack, published at the clock's second by a signer for `baseURL`.
    func publishedStore(key: SigningKey, baseURL: String) throws -> PackStore {
        let store = try PackStore(dataDirectory: root)
        let file = root.appendingPathComponent("a.bin")
        try Data(repeating: 7, count: 100).write(to: file)
        try store.add(file: file, id: "a", tags: [], policy: .onDemand)
        _ = try signer(key: key, baseURL: baseURL).publish(note: "", in: store, now: clock.now)
        return store
    }

    func signer(key: SigningKey, baseURL: String) -> ManifestSigner {
        var configuration = PackServeConfiguration()
        configuration.publicBaseURL = baseURL
        configuration.packURLs = .packs
        configuration.signing.manifestLifetimeSeconds = Self.lifetime
        return ManifestSigner(key: key, configuration: configuration)
    }

    @Test func exactlyOneSignsEachRenewalAndNoClientSeesVersionFall() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SigningKey()
        let store = try publishedStore(key: key, baseURL: "https://assets.example.com")
        let signer = signer(key: key, baseURL: "https://assets.example.com")

        var processes = ["a", "b", "c"].map { start($0, store: store, signer: signer) }
        for process in processes { process.watcher.refresh(now: clock.now) }  // as `serve` does before it listens
        var highestSeen = 0
        var served: [Int: Set<Int>] = [:]
        // Each signing as it is made: the index keeps only a channel's newest two.
        var signed: [Int: StoredManifest] = [:]
        var stopped: String?
        // 400 s: 14 renewals of a 40 s manifest. Every second each process polls, in an order that changes.
        for second in 0..<400 {
            if second == 200 {
                // The lease holder stops: the others must take over before the manifest expires.
                stopped = try #require(try store.signingLease()).holder
                processes.removeAll { $0.name == stopped }
                #expect(processes.count == 2)
            }
            // After each single poll, the client asks all of them: the others may not have polled yet.
            for index in processes.indices.shuffled() {
                processes[index].watcher.refresh(now: clock.now)
                for process in processes {
                    let manifest = try #require(process.live.release?.manifest)
                    #expect(manifest.version >= highestSeen, "second \(second): version \(manifest.version) after \(highestSeen)")
                    #expect(manifest.expiresAt > clock.now, "second \(second): an expired manifest is served")
                    highestSeen = max(highestSeen, manifest.version)
                    served[second, default: []].insert(manifest.version)
                }
                if let newest = try store.latestManifest() { signed[newest.version] = newest }
            }
            clock.advance()
        }

        let signings = signed.keys.sorted().map { signed[$0]! }
        var kept: [Int] = []
        try store.forEachManifest { kept.append($0.version) }
        #expect(kept == Array(signings.suffix(2).map(\.version)), "the two newest signings are kept, no more")
        // One signing per renewal, each due a quarter of the lifetime plus the 2 s lead before expiry (28 s
        // after the last), except the takeover: once the stopped holder's lease ran out, an eighth (5 s) later.
        let gaps = zip(signings.dropFirst(), signings).map { $0.issuedAt - $1.issuedAt }
        #expect(gaps.filter { $0 == 28 }.count == gaps.count - 1 && gaps.contains(33), "\(signings.count) signings: \(gaps)")
        #expect(signings.dropFirst().allSatisfy { $0.notBefore == $0.issuedAt + 2 }, "renewals go live 2 s after signing")
        // Never two versions at one second (all switch together), and the lease is another's now.
        #expect(served.values.allSatisfy { $0.count == 1 }, "\(served.filter { $0.value.count > 1 })")
        #expect(try store.signingLease()?.holder != stopped)
    }

    /// A process that starts with other signing settings re-signs (as the next version, live 2 s later), but
    /// serves a manifest from its first poll: the new one at once, never a 503 while it waits.
    @Test func aStartingProcessServesAtOnceWhatItReSigns() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SigningKey()
        let store = try publishedStore(key: key, baseURL: "https://old.example.com")
        let process = start("a", store: store, signer: signer(key: key, baseURL: "https://assets.example.com"))
        process.watcher.refresh(now: clock.now)
        let release = try #require(process.live.release)
        let served = try #require(release.manifest)
        #expect(served.version == 2 && served.notBefore == clock.now + 2)
        let signed = try #require(release.signed)
        let payload = try #require(Self.documents(signed)?.payload.body)
        #expect(String(decoding: payload, as: UTF8.self).contains("https://assets.example.com"))
    }

    /// Every channel is renewed before it expires, not only the one the server serves; one signer does it,
    /// under the same lease, each channel at its own versions.
    @Test func everyChannelIsRenewedBeforeItExpires() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SigningKey()
        let store = try publishedStore(key: key, baseURL: "https://assets.example.com")
        let signer = signer(key: key, baseURL: "https://assets.example.com")
        let beta = ChannelName("beta")!
        _ = try store.createChannel(beta, sealedBy: signer.sealing(now: clock.now))
        let processes = ["a", "b"].map { start($0, store: store, signer: signer) }
        var betaVersions: [Int] = []
        for _ in 0..<200 {
            for process in processes { process.watcher.refresh(now: clock.now) }
            let state = try #require(try store.signingStates().first { $0.channel == "beta" })
            #expect(state.expiresAt > clock.now, "beta's manifest expired at \(clock.now)")
            if betaVersions.last != state.version { betaVersions.append(state.version) }
            clock.advance()
        }
        // 200 s of a 40 s lifetime: at least five renewals, each one version up.
        #expect(betaVersions.count >= 6 && betaVersions == Array(1...betaVersions.count), "\(betaVersions)")
    }

    /// A view's manifest documents, read now if they are not yet.
    static func documents(_ signed: ViewManifest) -> ManifestDocuments? {
        let read = Mutex<ManifestDocuments?>(nil)
        let done = DispatchSemaphore(value: 0)
        signed.withDocuments { documents in
            read.withLock { $0 = documents }
            done.signal()
        }
        done.wait()
        return read.withLock { $0 }
    }
}
