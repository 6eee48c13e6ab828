import Manifest
import PackStore

extension ManifestPack {
    init(_ pack: ReleaseSnapshot.Pack, url: String?) {
        self.init(
            id: pack.id, version: pack.version, url: url, size: pack.size, sha256: pack.sha256, tags: pack.tags,
            policy: pack.policy.rawValue, order: pack.order, contentType: pack.contentType)
    }

    public init(_ entry: PackEntry, url: String?) {
        self.init(
            id: entry.id, version: entry.version, url: url, size: entry.size, sha256: entry.sha256, tags: entry.tags,
            policy: entry.policy.rawValue, order: entry.order, contentType: entry.contentType)
    }
}
