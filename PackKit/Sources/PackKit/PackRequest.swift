import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request for the packs of some tags, with On-Demand Resources' semantics (`NSBundleResourceRequest`):
/// begin downloads what is missing and holds the packs, so a purge never removes them; end (or the
/// request going away) lets go. `progress` counts bytes; `loadingPriority` orders the network's work.
public final class PackRequest: Sendable {
    /// `NSBundleResourceRequestLoadingPriorityUrgent`'s counterpart: as fast as possible.
    public static let urgentLoadingPriority = Double.greatestFiniteMagnitude

    public let tags: Set<String>
    /// Bytes of the request's packs: `totalUnitCount` is their size, `completedUnitCount` what is on disk.
    /// `cancel()` on it cancels a begin in progress (the partial files stay for next time).
    public let progress = Progress(totalUnitCount: 0)
    private let catalog: PackCatalog

    private struct State {
        var loadingPriority = 0.5
        var packs: [InstalledPack] = []
        /// Ids held in the store while accessing (set at begin, before any download, so that a purge
        /// running meanwhile cannot take a pack that just arrived).
        var held: [String]?
    }

    private let state = Locked(State())

    init(tags: Set<String>, catalog: PackCatalog) {
        self.tags = tags
        self.catalog = catalog
    }

    deinit {
        endAccessingResources()
    }

    /// 0 … 1 (or `urgentLoadingPriority`); higher is fetched first. Applied to each following ranged
    /// request as `URLSessionTask.priority`.
    public var loadingPriority: Double {
        get { state.withLock { $0.loadingPriority } }
        set { state.withLock { $0.loadingPriority = newValue } }
    }

    /// The packs held, once a begin has succeeded.
    public var packs: [InstalledPack] { state.withLock { $0.packs } }

    /// The local file of one of the request's packs.
    public func url(forPack id: String) -> URL? {
        packs.first { $0.id == id }?.url
    }

    /// Downloads what is missing of the tags' packs and holds them until `endAccessingResources()`.
    /// Throws for an unknown tag (naming it), a manifest not to be trusted, or a failed download.
    @discardableResult
    public func beginAccessingResources() async throws -> [InstalledPack] {
        let manifest = try await catalog.manifest().manifest
        let wanted = try packs(of: manifest)
        hold(wanted.map(\.id))
        let work = Task { [catalog, progress] in
            try await catalog.install(wanted, progress: progress, priority: { [weak self] in self?.sessionPriority ?? 0.5 })
        }
        progress.cancellationHandler = { work.cancel() }
        do {
            let installed = try await withTaskCancellationHandler { try await work.value } onCancel: { work.cancel() }
            state.withLock { $0.packs = installed }
            return installed
        } catch {
            endAccessingResources()
            throw error
        }
    }

    /// Holds the tags' packs only if they are all on the device already, with no network at all; true
    /// then (and the packs are held), false otherwise (nothing held).
    public func conditionallyBeginAccessingResources() async -> Bool {
        guard let manifest = try? catalog.storedManifest()?.manifest, let wanted = try? packs(of: manifest) else { return false }
        let present = wanted.compactMap { catalog.store.installedPack(matching: $0) }
        guard present.count == wanted.count else { return false }
        hold(wanted.map(\.id))
        state.withLock { $0.packs = present }
        progress.totalUnitCount = present.reduce(0) { $0 + $1.size }
        progress.completedUnitCount = progress.totalUnitCount
        return true
    }

    /// Lets go of the packs: a later purge may remove them. Called on deinit too.
    public func endAccessingResources() {
        let held = state.withLock { state -> [String]? in
            defer { state.held = nil }
            return state.held
        }
        if let held { catalog.store.endAccess(held) }
    }

    private func hold(_ ids: [String]) {
        let previous = state.withLock { state -> [String]? in
            defer { state.held = ids }
            return state.held
        }
        catalog.store.beginAccess(ids)
        if let previous { catalog.store.endAccess(previous) }
    }

    private func packs(of manifest: PackManifest) throws -> [PackDescriptor] {
        do { return try manifest.packs(forTags: tags.sorted()) } catch { throw PackKitError.unknownTag(error.tag) }
    }

    /// `loadingPriority` as `URLSessionTask.priority`.
    private var sessionPriority: Float {
        Float(min(max(loadingPriority, 0), 1))
    }
}
