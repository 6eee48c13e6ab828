import Manifest
import PackStore

/// Checks the documents kept with each retained release (the download manifest, encoded at publish) against
/// a fresh encoding of the release's packs: a server loading the release sends the stored bytes as they
/// are, so a damaged row would reach devices. Documents made with another base URL or URL style than the
/// configuration's are not compared: a server with this configuration encodes its own.
public enum StoredDocumentCheck {
    /// One line per release whose stored documents differ from what its packs give.
    public static func problems(in store: PackStore, baseURL: String, style: PackURLStyle) throws(PackStoreError)
        -> [String]
    {
        let profile = DownloadManifestVariants.profile(baseURL: baseURL, style: style)
        var problems: [String] = []
        for release in try store.releases() where !release.isPruned {
            guard let stored = try store.releaseDocuments(release: release.number, profile: profile) else { continue }
            let expected = DownloadManifestVariants.encode(
                packs: try store.listRelease(release.number), release: release.number, baseURL: baseURL, style: style)
            for name in Set(stored.keys).union(expected.keys).sorted() where stored[name] != expected[name] {
                problems.append(
                    "damaged document \(name) of release \(release.number): the stored bytes differ from its packs' encoding")
            }
        }
        return problems
    }
}
