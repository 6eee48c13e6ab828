/// One pack as a device's document lists it, whichever kind of document it is.
package struct DocumentPack: Sendable, Hashable {
    package let id: String
    /// `essential`, `prefetch` or `on-demand` (the download manifest's `onDemand` read as the signed one's).
    package let policy: String
    package let size: Int
    package let sha256: String
    /// The pack's URL as the document names it.
    package let url: String
    /// Its path (and query): what the device asks for on the connection it has, whatever the URL's host.
    package let path: String
    package let order: Int
    /// What the system compares to decide whether to download again: a pack is fetched when it rises.
    package let version: Int

    package init(id: String, policy: String, size: Int, sha256: String, url: String, path: String, order: Int, version: Int) {
        self.id = id
        self.policy = policy
        self.size = size
        self.sha256 = sha256
        self.url = url
        self.path = path
        self.order = order
        self.version = version
    }
}
