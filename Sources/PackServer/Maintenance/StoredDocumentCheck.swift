import Manifest
import PackStore
import ReleaseViews

/// Checks the documents kept with each channel's views (the download manifest, encoded when the channel
/// changed) against a fresh encoding of the view's packs: a server loading the view sends the stored bytes as
/// they are, so a damaged row would reach devices. Documents made with another base URL or URL style than
/// the configuration's are not compared: a server with this configuration encodes its own.
public enum StoredDocumentCheck {
    /// One line per view whose stored documents differ from what its packs give.
    public static func problems(in store: PackStore, baseURL: String, style: PackURLStyle) throws(PackStoreError)
        -> [String]
    {
        let profile = DownloadManifestVariants.profile(baseURL: baseURL, style: style)
        var problems: [String] = []
        for summary in try store.channels() {
            guard let channel = ChannelName(summary.name) else { continue }
            for segment in try store.views(of: channel).segments {
                guard let stored = try store.viewDocuments(channel: channel, segment: segment, profile: profile) else {
                    continue
                }
                let base = ManifestSigner.base(issuer: baseURL, style: style, channel: channel, segment: segment)
                let expected = DownloadManifestVariants.encode(
                    packs: try store.viewEntries(channel: channel, segment: segment), release: segment.release,
                    baseURL: base, style: style)
                for name in Set(stored.keys).union(expected.keys).sorted() where stored[name] != expected[name] {
                    problems.append("""
                        damaged document \(name) of release \(segment.release) (channel \(channel), builds \(segment)): \
                        the stored bytes differ from its packs' encoding
                        """)
                }
            }
        }
        return problems
    }
}
