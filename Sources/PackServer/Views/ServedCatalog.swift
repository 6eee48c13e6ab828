import ReleaseViews

/// Every channel's views as this server serves them at one instant (docs/channels.md "Views"), with what
/// is shared by all of them: the build → channel map, and the newest release (`/blobs/…` and `/releases` take
/// no prefix and answer from it). A value: `LiveRelease` swaps in a new one, so a request resolves its view
/// in one consistent catalog.
struct ServedCatalog: Sendable {
    private(set) var channels: [String: ServedChannel] = [:]
    /// `packserve builds set`: which channel a build reads when its request names no channel.
    var buildMap: [BuildPoint: ChannelName] = [:]
    /// The newest release of the index, loaded whether or not a view answers it: its snapshot lists every
    /// retained release's blobs (`ReleaseSnapshot.otherBlobSizes`) and its `/releases` document the history.
    private(set) var newest: PublishedRelease?
    /// Production's view for clients that name no build: every URL of earlier versions. Kept apart so the
    /// hottest requests find it without a lookup.
    private(set) var plain: PublishedRelease?
    /// Production, the channel of every prefix that names none (`/cohorts/{k}/…`): found without hashing its name.
    private(set) var production: ServedChannel?
    /// Blobs listed only by channels that require credentials: they need a download token at `/blobs/…`.
    private(set) var credentialedDigests: Set<String> = []
    /// By pack digest: where a download of those bytes completed at `/blobs/…` counts (a blob URL names no
    /// channel): in each channel serving them, for the newest release there that lists them.
    private(set) var downloadTargets: [String: [DownloadTarget]] = [:]

    /// Serves `channel` from now on; returns what it replaces, for the caller to free off the lock.
    @discardableResult
    mutating func replace(_ channel: ServedChannel) -> ServedChannel? {
        let old = channels.updateValue(channel, forKey: channel.name.text)
        // A rollout's candidate too: its views name blob URLs, which answer from the newest release.
        for release in channel.servedReleases where release.snapshot.release > newest?.snapshot.release ?? 0 {
            newest = release
        }
        refreshDerived()
        return old
    }

    /// Stops serving channel `name` (removed from the index).
    @discardableResult
    mutating func remove(_ name: String) -> ServedChannel? {
        let old = channels.removeValue(forKey: name)
        refreshDerived()
        return old
    }

    /// Takes `release` as the newest unless a newer one is already served.
    mutating func offerNewest(_ release: PublishedRelease) {
        if release.snapshot.release >= newest?.snapshot.release ?? 0 { newest = release }
    }

    /// The view `selector` names: its channel (else the build map's, else production), then the run of builds
    /// its build falls in, and the rollout's candidate for an admitted cohort (docs/rollouts.md).
    func resolve(_ selector: ViewSelector, catalogRequiresCredentials: Bool) -> ViewResolution {
        let channel: ServedChannel
        if let name = selector.channel ?? selector.build.flatMap({ buildMap[$0.point] }) {
            guard let named = channels[name.text] else { return channels.isEmpty ? .notLoaded : .unknownChannel(name) }
            channel = named
        } else {
            guard let production else { return channels.isEmpty ? .notLoaded : .unknownChannel(.production) }
            channel = production
        }
        guard let release = channel.release(for: selector.build, cohort: selector.cohort) else {
            return .noRelease(channel: channel.name, build: selector.build)
        }
        return .view(ServedView(
            release: release, channel: channel.name,
            requiresCredentials: catalogRequiresCredentials || channel.requireCredentials, selector: selector))
    }

    private mutating func refreshDerived() {
        production = channels[ChannelName.production.text]
        plain = production?.release(for: nil)
        downloadTargets = Self.downloadTargets(of: channels.values)
        // Most catalogs have no such channel: then no digest is collected.
        guard !credentialedDigests.isEmpty || channels.values.contains(where: \.requireCredentials) else { return }
        var open: Set<String> = []
        var credentialed: Set<String> = []
        for channel in channels.values {
            for release in channel.releases {
                let digests = release.snapshot.sortedPacks.lazy.map(\.sha256)
                if channel.requireCredentials { credentialed.formUnion(digests) } else { open.formUnion(digests) }
            }
        }
        credentialedDigests = credentialed.subtracting(open)
    }

    private static func downloadTargets(of channels: some Sequence<ServedChannel>) -> [String: [DownloadTarget]] {
        var targets: [String: [DownloadTarget]] = [:]
        for channel in channels {
            var newest: [String: Int] = [:]
            for release in channel.servedReleases {
                for pack in release.snapshot.packs.values where newest[pack.sha256] ?? 0 < release.snapshot.release {
                    newest[pack.sha256] = release.snapshot.release
                }
            }
            for (digest, release) in newest { targets[digest, default: []].append(DownloadTarget(channel: channel.name.text, release: release)) }
        }
        return targets
    }
}
