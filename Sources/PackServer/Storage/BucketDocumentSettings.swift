import Manifest
import PackStore

/// What shapes a published release's documents besides the index: the key prefix, and the base URL and pack
/// URL style the download manifests and tag documents name. The publisher and `fsck --storage` take them from
/// the configuration; `export --base-url` from its options.
struct BucketDocumentSettings: Sendable {
    let layout: BucketLayout
    let baseURL: String
    let style: PackURLStyle

    init(layout: BucketLayout, baseURL: String, style: PackURLStyle) {
        self.layout = layout
        self.baseURL = baseURL
        self.style = style
    }

    init(_ configuration: PackServeConfiguration) {
        self.init(
            layout: BucketLayout(prefix: configuration.storage.prefix), baseURL: configuration.publicBaseURL,
            style: configuration.packURLs)
    }
}
