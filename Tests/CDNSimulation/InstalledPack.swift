/// A pack a device holds: the version its document gave when it was downloaded, and what the device itself
/// measured of the bytes it received (their SHA-256 and count, both checked against the document).
package struct InstalledPack: Sendable, Hashable {
    package let version: Int
    package let sha256: String
    package let size: Int

    package init(version: Int, sha256: String, size: Int) {
        self.version = version
        self.sha256 = sha256
        self.size = size
    }
}
