import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download for the system to run on the app's behalf (a Background Assets `BAURLDownload`): the
/// whole pack, with the credentials its origin may see. Built by `PackCatalog.backgroundDownloads`, so
/// the extension adds no logic of its own.
public struct BackgroundDownload: Sendable, Hashable {
    /// The pack id, used as the download's identifier.
    public var identifier: String
    public var request: URLRequest
    public var isEssential: Bool
    public var size: Int64
}
