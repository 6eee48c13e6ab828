import Manifest
import PackStore

extension ManifestPack {
    public init(_ entry: PackEntry, url: String?) {
        self.init(
            id: entry.id, version: entry.version, url: url, size: entry.size, sha256: entry.sha256, tags: entry.tags,
            policy: entry.policy.rawValue, order: entry.order, contentType: entry.contentType,
            access: entry.access == .private ? entry.access.rawValue : nil)
    }
}
