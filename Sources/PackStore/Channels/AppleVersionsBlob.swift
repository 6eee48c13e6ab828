import Foundation
import ReleaseViews

/// A view's Apple versions as the index stores them: one little-endian 32-bit number per pack, in the
/// release's id order. 400 KB for 100,000 packs, read in one piece when a channel is loaded.
enum AppleVersionsBlob {
    static func encode(_ versions: [Int]) -> Data {
        var data = Data(capacity: versions.count * 4)
        for version in versions {
            withUnsafeBytes(of: UInt32(clamping: version).littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Nil when the blob does not hold exactly `count` versions (the index is read as untrusted input).
    static func decode(_ bytes: UnsafeRawBufferPointer, count: Int) -> [Int]? {
        guard bytes.count == count * 4 else { return nil }
        return (0..<count).map { index in
            Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
        }
    }

    /// A view's stored versions, given its release's `own` (in id order): those when the column is NULL (a
    /// view the migration made), else the blob, refused when it does not fit.
    static func stored(_ blob: Data?, own: [Int], channel: ChannelName, view: String) throws -> [Int] {
        guard let blob else { return own }
        guard let versions = blob.withUnsafeBytes({ decode($0, count: own.count) }) else {
            throw PackStoreError.untrustworthyIndex(
                path: "index.sqlite", problem: "channel \(channel), view \(view): Apple versions do not fit the release")
        }
        return versions
    }
}
