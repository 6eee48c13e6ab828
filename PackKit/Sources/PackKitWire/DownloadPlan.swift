/// Which packs to download, in which order: essential first, then prefetch by ascending `order` (then id),
/// then the on-demand packs of the requested tags — leaving out what is already on the device (same
/// SHA-256) and the essential and prefetch packs that do not fit the app's allowance.
///
/// A value computed from a manifest; the app, its Background Assets extension and `packserve verify`
/// act on the same plan.
public struct DownloadPlan: Sendable, Hashable {
    /// Why a pack is in the plan.
    public enum Reason: String, Sendable, Hashable {
        case essential, prefetch, requested
    }

    /// One pack to download.
    public struct Step: Sendable, Hashable {
        public var pack: PackDescriptor
        public var reason: Reason
    }

    /// In download order.
    public var steps: [Step]
    /// Essential or prefetch packs left out because they would exceed the allowance.
    public var overAllowance: [PackDescriptor]

    /// - Parameters:
    ///   - requestedTags: tags the app asks for now; their packs come last, whatever their policy, and are
    ///     not counted against the allowance (a user asked).
    ///   - installed: SHA-256s already on the device.
    ///   - includeAutomatic: whether essential and prefetch packs are planned at all (false for a request
    ///     that wants just its tags).
    public init(
        manifest: PackManifest, requestedTags: Set<String> = [], installed: Set<String> = [],
        allowance: DownloadAllowance = .unlimited, includeAutomatic: Bool = true
    ) {
        var steps: [Step] = []
        var overAllowance: [PackDescriptor] = []
        var planned = Set<String>()
        var essentialBytes: Int64 = 0
        var totalBytes: Int64 = 0
        let missing = manifest.packs.filter { !installed.contains($0.sha256) }
        if includeAutomatic {
            for pack in missing where pack.policy == .essential {
                if essentialBytes + pack.size <= allowance.essentialBytes, totalBytes + pack.size <= allowance.totalBytes {
                    essentialBytes += pack.size
                    totalBytes += pack.size
                    steps.append(Step(pack: pack, reason: .essential))
                    planned.insert(pack.id)
                } else {
                    overAllowance.append(pack)
                }
            }
            let prefetch = missing.filter { $0.policy == .prefetch }.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
            for pack in prefetch {
                // Skip what does not fit and go on: a smaller pack later in the order may still fit.
                if totalBytes + pack.size <= allowance.totalBytes {
                    totalBytes += pack.size
                    steps.append(Step(pack: pack, reason: .prefetch))
                    planned.insert(pack.id)
                } else {
                    overAllowance.append(pack)
                }
            }
        }
        let requested = missing.filter { pack in !planned.contains(pack.id) && pack.tags.contains(where: requestedTags.contains) }
        for pack in requested {
            steps.append(Step(pack: pack, reason: .requested))
            overAllowance.removeAll { $0.id == pack.id }
        }
        self.steps = steps
        self.overAllowance = overAllowance
    }

    /// The packs in download order.
    public var packs: [PackDescriptor] { steps.map(\.pack) }
    /// Bytes the plan downloads.
    public var totalBytes: Int64 { steps.reduce(0) { $0 + $1.pack.size } }
}
