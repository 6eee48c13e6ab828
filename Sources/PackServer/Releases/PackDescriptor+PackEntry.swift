import PackKitWire
import PackStore

extension PackDescriptor {
    /// A stored pack as a manifest lists it: the same object in the manifest, `GET /tags/{tag}` and
    /// `packserve ls --json --release N` (docs/api.md "The manifest").
    public init(_ entry: PackEntry, url: String?) {
        self.init(
            id: entry.id, version: entry.version, url: url, size: entry.size, sha256: entry.sha256, tags: entry.tags,
            policy: PackKitWire.PackPolicy(rawValue: entry.policy.rawValue), order: entry.order,
            contentType: entry.contentType, access: entry.access == .private ? entry.access.rawValue : nil)
    }
}
