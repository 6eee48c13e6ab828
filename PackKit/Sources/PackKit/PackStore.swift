import Foundation
import PackKitWire

/// The packs on the device, in a directory the app chooses (an app-group container to share them with a
/// Background Assets extension): `packs/<id>/<sha256>` for verified bytes, `partial/` for downloads in
/// progress, `index.json` for what is installed. On top, On-Demand Resources' bookkeeping: access counts
/// (a pack in use is never purged), preservation priorities per tag or pack, last use, and a purge that
/// frees space lowest priority first, then least recently used.
public final class PackStore: Sendable {
    /// The preservation priority of a pack whose tags have none (the middle of 0 … 1).
    public static let defaultPreservationPriority = 0.5

    public let directory: URL
    private let indexURL: URL
    private let clock: @Sendable () -> Date
    /// False only in tests that write the index thousands of times: atomic still, without fsync.
    private let durableIndex: Bool

    private struct State {
        var index: PackStoreIndex
        /// id → how many requests are accessing it now.
        var inUse: [String: Int] = [:]
        /// Files of replaced versions still in use, removed when their id's last access ends.
        var retired: [String: [URL]] = [:]
        var subscribers: [UUID: AsyncStream<PackEvent>.Continuation] = [:]
    }

    private let state: Locked<State>

    /// Opens (creating if needed) the store in `directory`. `clock` dates accesses, for least-recently-used.
    public convenience init(directory: URL, clock: @escaping @Sendable () -> Date = Date.init) throws(PackKitError) {
        try self.init(directory: directory, clock: clock, durableIndex: true)
    }

    init(directory: URL, clock: @escaping @Sendable () -> Date, durableIndex: Bool) throws(PackKitError) {
        self.durableIndex = durableIndex
        self.directory = directory
        indexURL = directory.appendingPathComponent("index.json")
        self.clock = clock
        for sub in ["packs", "partial"] {
            do {
                try FileManager.default.createDirectory(
                    at: directory.appendingPathComponent(sub), withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create \(directory.appendingPathComponent(sub).path): \(error.localizedDescription)")
            }
        }
        var index = PackStoreIndex()
        if let bytes = try AtomicFile.read(indexURL) {
            guard let decoded = try? JSONDecoder().decode(PackStoreIndex.self, from: Data(bytes)) else {
                throw .io("the pack store index \(indexURL.path) is not readable")
            }
            index = decoded
        }
        state = Locked(State(index: index))
    }

    /// Where the rollback guard keeps its versions, beside the packs.
    public var rollbackStateURL: URL { directory.appendingPathComponent("rollback.json") }
    /// Where the last accepted manifest is kept, for reading offline.
    var manifestURL: URL { directory.appendingPathComponent("manifest.jws") }

    func partialURL(for pack: PackDescriptor) -> URL {
        directory.appendingPathComponent("partial").appendingPathComponent("\(pack.sha256).partial")
    }

    private func fileURL(id: String, sha256: String) -> URL {
        directory.appendingPathComponent("packs").appendingPathComponent(id).appendingPathComponent(sha256)
    }

    // MARK: What is installed

    /// Every installed pack.
    public var installedPacks: [InstalledPack] {
        state.withLock { $0.index.packs.values.map(installed).sorted { $0.id < $1.id } }
    }

    /// The installed pack with this id, whatever its version.
    public func installedPack(id: String) -> InstalledPack? {
        state.withLock { $0.index.packs[id].map(installed) }
    }

    /// The installed pack if it has exactly the bytes `pack` describes.
    public func installedPack(matching pack: PackDescriptor) -> InstalledPack? {
        state.withLock { state in
            state.index.packs[pack.id].flatMap { $0.sha256 == pack.sha256.lowercased() ? installed($0) : nil }
        }
    }

    /// SHA-256s installed, for `DownloadPlan`.
    public var installedDigests: Set<String> {
        state.withLock { Set($0.index.packs.values.map(\.sha256)) }
    }

    /// Total bytes of installed packs.
    public var installedBytes: Int64 {
        state.withLock { $0.index.packs.values.reduce(0) { $0 + $1.size } }
    }

    private func installed(_ record: PackStoreIndex.Record) -> InstalledPack {
        InstalledPack(
            id: record.id, sha256: record.sha256, size: record.size, version: record.version, tags: record.tags,
            url: fileURL(id: record.id, sha256: record.sha256))
    }

    /// Moves a verified download into place and records it; a replaced version's file goes now, or when
    /// its last access ends.
    func install(verifiedFile source: URL, for pack: PackDescriptor) throws(PackKitError) -> InstalledPack {
        let sha = pack.sha256.lowercased()
        let target = fileURL(id: pack.id, sha256: sha)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.moveItem(at: source, to: target)
        } catch {
            throw .io("cannot move the download of \(pack.id) into place: \(error.localizedDescription)")
        }
        if durableIndex { AtomicFile.syncDirectory(target.deletingLastPathComponent()) }
        let now = clock().timeIntervalSince1970
        let (result, event) = try mutate { state -> (InstalledPack, PackEvent) in
            let previous = state.index.packs[pack.id]
            let record = PackStoreIndex.Record(
                id: pack.id, sha256: sha, size: pack.size, version: pack.version, tags: pack.tags, lastAccess: now,
                preservationPriority: previous?.preservationPriority)
            state.index.packs[pack.id] = record
            let result = installed(record)
            guard let previous, previous.sha256 != sha else { return (result, .installed(result)) }
            let old = fileURL(id: previous.id, sha256: previous.sha256)
            if state.inUse[pack.id, default: 0] > 0 {
                state.retired[pack.id, default: []].append(old)
            } else {
                try? FileManager.default.removeItem(at: old)
            }
            return (result, .updated(result, previousSHA256: previous.sha256))
        }
        publish(event)
        return result
    }

    // MARK: Access (On-Demand Resources' begin and end)

    /// Marks packs as in use: purge leaves them alone until `endAccess`.
    func beginAccess(_ ids: [String]) {
        let now = clock().timeIntervalSince1970
        try? mutate(durable: false) { state in
            for id in ids {
                state.inUse[id, default: 0] += 1
                state.index.packs[id]?.lastAccess = now
            }
        }
    }

    func endAccess(_ ids: [String]) {
        let retired = state.withLock { state -> [URL] in
            var files: [URL] = []
            for id in ids {
                let count = state.inUse[id, default: 0] - 1
                state.inUse[id] = count > 0 ? count : nil
                if count <= 0 { files += state.retired.removeValue(forKey: id) ?? [] }
            }
            return files
        }
        for file in retired { try? FileManager.default.removeItem(at: file) }
    }

    /// How many requests are accessing `id` now.
    public func accessCount(id: String) -> Int {
        state.withLock { $0.inUse[id, default: 0] }
    }

    // MARK: Preservation and purge

    /// Like `Bundle.setPreservationPriority(_:forTags:)`: packs with higher priority are purged later.
    public func setPreservationPriority(_ priority: Double, forTags tags: Set<String>) throws(PackKitError) {
        try mutate { state in
            for tag in tags { state.index.tagPriorities[tag] = priority }
        }
    }

    /// A priority for one pack that overrides its tags'.
    public func setPreservationPriority(_ priority: Double?, forPack id: String) throws(PackKitError) {
        try mutate { state in
            state.index.packs[id]?.preservationPriority = priority
        }
    }

    /// Removes packs that are not in use until at least `bytes` are freed (or nothing purgeable is left):
    /// lowest preservation priority first, then least recently used. Returns what was removed.
    @discardableResult
    public func purge(bytes wanted: Int64) throws(PackKitError) -> [InstalledPack] {
        let removed = try mutate { state -> [InstalledPack] in
            let candidates = state.index.packs.values
                .filter { state.inUse[$0.id, default: 0] == 0 }
                .sorted { left, right in
                    let (l, r) = (state.index.preservationPriority(of: left), state.index.preservationPriority(of: right))
                    if l != r { return l < r }
                    if left.lastAccess != right.lastAccess { return left.lastAccess < right.lastAccess }
                    return left.id < right.id
                }
            var freed: Int64 = 0
            var removed: [InstalledPack] = []
            for record in candidates where freed < wanted {
                state.index.packs[record.id] = nil
                freed += record.size
                removed.append(installed(record))
            }
            return removed
        }
        for pack in removed {
            try? FileManager.default.removeItem(at: pack.url)
            publish(.purged(id: pack.id, sha256: pack.sha256, bytes: pack.size))
        }
        return removed
    }

    // MARK: Events

    /// Events from now on, until the stream is dropped.
    public func events() -> AsyncStream<PackEvent> {
        let (stream, continuation) = AsyncStream<PackEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        state.withLock { $0.subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    private func publish(_ event: PackEvent) {
        for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.yield(event) }
    }

    /// Changes the state and writes the index under one lock, so writes land in the order of the changes. The
    /// change is made on a copy and kept only once the index is written: a failed write (a full disk) leaves
    /// memory as the disk has it.
    private func mutate<Value>(durable: Bool = true, _ body: (inout State) throws(PackKitError) -> Value) throws(PackKitError)
        -> Value
    {
        let outcome: Result<Value, PackKitError> = state.withLock { state in
            var changed = state
            do throws(PackKitError) {
                let result = try body(&changed)
                try save(changed.index, durable: durable && durableIndex)
                state = changed
                return .success(result)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private func save(_ index: PackStoreIndex, durable: Bool) throws(PackKitError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(index) else { throw .io("cannot encode the pack store index") }
        try AtomicFile.write(Array(bytes), to: indexURL, durable: durable)
    }
}
