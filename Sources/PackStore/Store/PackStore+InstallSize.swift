import Foundation
import ZIPFoundation

extension PackStore {
    /// The bytes pack `entry` takes once installed: what an Apple Archive unpacks to (read when it was added),
    /// the sum of its entries' uncompressed sizes when its blob is a zip archive (apps unpack those), otherwise
    /// its download size. Apple's Info.plist install-size keys (`BAMaxInstallSize`,
    /// `BAEssentialMaxInstallSize`) ask for exactly that.
    public func installSize(of entry: PackEntry) -> Int64 {
        if let archive = entry.archive { return archive.installedBytes }
        let url = URL(fileURLWithPath: blobs.path(forSHA256: entry.sha256))
        guard let archive = try? Archive(url: url, accessMode: .read, pathEncoding: nil) else { return entry.size }
        let unpacked = archive.reduce(Int64(0)) { $0 + Int64($1.uncompressedSize) }
        return max(unpacked, 0)
    }
}
