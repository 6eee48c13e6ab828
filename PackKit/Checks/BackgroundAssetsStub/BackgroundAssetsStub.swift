// A stub of the parts of Apple's BackgroundAssets that PackKit's glue uses, written from Apple's
// documentation (iOS 16.4 / macOS 13.3 BADownloaderExtension, iOS 26 managed asset packs), so the glue
// type-checks on Linux. Signatures only: nothing here runs, and it proves nothing about Apple's behaviour.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum BAContentRequest: Sendable {
    case install, update, periodic
}

open class BAAppExtensionInfo: @unchecked Sendable {}

open class BADownload: @unchecked Sendable, Hashable {
    public enum Priority: Sendable {
        case min, `default`, max
    }

    public let identifier: String

    init(identifier: String) { self.identifier = identifier }

    public static func == (left: BADownload, right: BADownload) -> Bool { left === right }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

open class BAURLDownload: BADownload, @unchecked Sendable {
    public init(
        identifier: String, request: URLRequest, essential: Bool, fileSize: Int, applicationGroupIdentifier: String,
        priority: BADownload.Priority
    ) {
        super.init(identifier: identifier)
    }
}

public protocol BADownloaderExtension {
    func downloads(for request: BAContentRequest, manifestURL: URL, extensionInfo: BAAppExtensionInfo) -> Set<BADownload>
    func backgroundDownload(_ finishedDownload: BADownload, finishedWithFileURL fileURL: URL)
    func backgroundDownload(_ failedDownload: BADownload, failedWithError error: any Error)
    func backgroundDownload(_ download: BADownload, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    func extensionWillTerminate()
}

extension BADownloaderExtension {
    public func extensionWillTerminate() {}
}

public struct AssetPack: Sendable {
    public var id: String
}

public protocol ManagedDownloaderExtension {
    func shouldDownload(_ assetPack: AssetPack) -> Bool
}
