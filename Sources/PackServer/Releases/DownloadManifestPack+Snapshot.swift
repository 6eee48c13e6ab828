import Manifest
import PackStore

extension DownloadManifestPack {
    /// The download-manifest object of one pack of a release: its Apple version, its exact size, and the
    /// policy with the installation events Apple reads for essential and prefetch packs.
    init(_ pack: PackEntry, url: String, release: Int) {
        let events = InstallationEventType.rawValues(of: pack.installationEvents)
        let policy: DownloadPolicy = switch pack.policy {
        case .essential: .essential(installationEventTypes: events)
        case .prefetch: .prefetch(installationEventTypes: events)
        case .onDemand: .onDemand
        }
        self.init(
            id: pack.id, url: url, version: pack.appleVersion, downloadSize: pack.size, downloadPolicy: policy,
            sha256: pack.sha256, tags: pack.tags, release: release, userInfo: pack.userInfo)
    }
}

extension DownloadManifest {
    /// The download manifest of a release: every pack, sorted by id, with URLs per `style`.
    public init(snapshot: ReleaseSnapshot, baseURL: String, style: PackURLStyle) {
        self.init(packs: snapshot.sortedPacks.map(\.entry), release: snapshot.release, baseURL: baseURL, style: style)
    }

    /// `packs` (sorted by id) of release `release`.
    public init(packs: [PackEntry], release: Int, baseURL: String, style: PackURLStyle) {
        self.init(assetPacks: packs.map { pack in
            DownloadManifestPack(pack, url: style.url(baseURL: baseURL, id: pack.id, sha256: pack.sha256), release: release)
        })
    }
}
