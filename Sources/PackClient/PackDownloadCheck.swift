import Digests
import Foundation
import PackKitWire

/// `verify --download`: fetches every pack of a verified manifest, in the order an app would (PackKit's
/// `DownloadPlan`: essential, then prefetch by `order`, then the rest), and checks each one's exact size and
/// SHA-256.
public struct PackDownloadCheck: Sendable {
    public let fetcher: HTTPFetcher
    public let directory: DownloadDirectory
    /// Further attempts per pack after a broken transfer.
    public let retries: Int
    /// A line for the person watching (a resumed transfer, a retry).
    public let note: @Sendable (String) -> Void
    /// (pack id, bytes on disk, pack size), as a pack downloads.
    public let progress: @Sendable (String, Int64, Int64) -> Void

    public init(
        fetcher: HTTPFetcher, directory: DownloadDirectory, retries: Int, note: @escaping @Sendable (String) -> Void,
        progress: @escaping @Sendable (String, Int64, Int64) -> Void
    ) {
        self.fetcher = fetcher
        self.directory = directory
        self.retries = retries
        self.note = note
        self.progress = progress
    }

    public func run(_ manifest: PackManifest) async -> PackDownloadReport {
        var report = PackDownloadReport()
        for pack in Self.fetchOrder(manifest) {
            do {
                let outcome = try await check(pack)
                report.transferred += outcome.transferred
                report.resumedBytes += outcome.resumedFrom
                report.verified += 1
            } catch {
                report.failures.append("pack \(pack.id): \(error.description)")
            }
        }
        return report
    }

    /// The app's plan with every tag asked for, then the packs no tag names.
    static func fetchOrder(_ manifest: PackManifest) -> [PackDescriptor] {
        let planned = DownloadPlan(manifest: manifest, requestedTags: Set(manifest.tags.keys)).packs
        let ids = Set(planned.map(\.id))
        return planned + manifest.packs.filter { !ids.contains($0.id) }
    }

    private func check(_ pack: PackDescriptor) async throws(DownloadFailure) -> ResumableDownload.Outcome {
        // The digest names a file on disk: accept only what a SHA-256 looks like.
        guard pack.sha256.utf8.count == 64, pack.sha256.utf8.allSatisfy({ Self.isLowerHex($0) }) else {
            throw .mismatch("the manifest's sha256 \(pack.sha256.debugDescription) is not 64 lowercase hex digits")
        }
        guard let text = pack.url, let url = URL(string: text), url.host != nil else {
            throw .server("the manifest has no usable url (\(pack.url ?? "none"))")
        }
        let file = try directory.partialFile(sha256: pack.sha256)
        if file.length > 0 { note("pack \(pack.id): resuming at byte \(min(file.length, pack.size)) of \(pack.size)") }
        let progress = self.progress
        let download = ResumableDownload(
            fetcher: fetcher, url: url, expectedSize: pack.size, file: file, retries: retries,
            note: { [note] in note("pack \(pack.id): \($0)") },
            progress: { progress(pack.id, $0, pack.size) })
        let outcome: ResumableDownload.Outcome
        do {
            outcome = try await download.run()
        } catch {
            // Bytes received stay for the next run to resume; an empty file is just clutter.
            if file.length == 0 { file.remove() }
            throw error
        }
        let digest: String
        do { digest = try FileDigest.sha256Hex(ofFileAt: file.path).hex } catch { throw .io(error.description) }
        // Verified or not, the bytes are done with: a mismatch must be fetched again, not resumed.
        file.remove()
        guard digest == pack.sha256 else {
            throw .mismatch("SHA-256 is \(digest); the manifest says \(pack.sha256)")
        }
        return outcome
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
