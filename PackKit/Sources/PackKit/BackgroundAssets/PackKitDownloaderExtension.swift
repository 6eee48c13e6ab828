// Apple-only glue: a Background Assets downloader extension whose every answer comes from PackKit.
// Compiled into PackKit where BackgroundAssets exists; on Linux the BackgroundAssetsGlueCheck target
// compiles this same file (a symlink) against a stub of Apple's documented signatures.
#if PACKKIT_BACKGROUND_ASSETS_STUB
import BackgroundAssetsStub
import PackKit
#elseif canImport(BackgroundAssets)
import BackgroundAssets
#endif

#if PACKKIT_BACKGROUND_ASSETS_STUB || canImport(BackgroundAssets)
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Conform the extension's `@main` type to this and give it a catalog and the app group: the protocol's
/// default methods hand the system PackKit's plan, check each finished file's size and SHA-256 before it
/// enters the store, and answer the private catalog's challenge.
@available(iOS 16.4, macOS 13.3, *)
public protocol PackKitDownloaderExtension: BADownloaderExtension {
    /// The catalog, on a store in the app group's container (so the app sees what the extension fetched).
    var catalog: PackCatalog { get }
    var applicationGroupIdentifier: String { get }
}

@available(iOS 16.4, macOS 13.3, *)
extension PackKitDownloaderExtension {
    public func downloads(for request: BAContentRequest, manifestURL: URL, extensionInfo: BAAppExtensionInfo) -> Set<BADownload> {
        let catalog = self.catalog
        let planned = BlockingResult { try await catalog.backgroundDownloads() }.value ?? []
        return Set(planned.map { download in
            BAURLDownload(
                identifier: download.identifier, request: download.request, essential: download.isEssential,
                fileSize: Int(download.size), applicationGroupIdentifier: applicationGroupIdentifier, priority: .default)
        })
    }

    public func backgroundDownload(_ finishedDownload: BADownload, finishedWithFileURL fileURL: URL) {
        _ = try? catalog.installDownloadedFile(fileURL, forPack: finishedDownload.identifier)
    }

    public func backgroundDownload(_ failedDownload: BADownload, failedWithError error: any Error) {}

    public func backgroundDownload(_ download: BADownload, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
        catalog.answer(challenge)
    }
}

/// For an app with Apple's managed Background Assets (iOS 26): the system asks per pack.
@available(iOS 26, macOS 26, *)
public protocol PackKitManagedDownloaderExtension: ManagedDownloaderExtension {
    var catalog: PackCatalog { get }
}

@available(iOS 26, macOS 26, *)
extension PackKitManagedDownloaderExtension {
    public func shouldDownload(_ assetPack: AssetPack) -> Bool {
        catalog.shouldDownload(packID: assetPack.id)
    }
}

/// Waits for async work from a synchronous extension callback (the system calls `downloads(for:…)`
/// synchronously, on a thread of its own).
private struct BlockingResult<Value: Sendable> {
    var value: Value?

    init(_ work: @escaping @Sendable () async throws -> Value) {
        let box = BlockingBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = try? await work()
            done.signal()
        }
        done.wait()
        value = box.value
    }
}

/// The result's hand-over from the task to the waiting thread; the semaphore orders the two accesses.
private final class BlockingBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
#endif
