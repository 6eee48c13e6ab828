import Foundation
import PackKitWire

/// The Info.plist keys an app's Background Assets extension needs for one manifest (docs/api.md "Command line"):
/// download allowances from the essential and prefetch totals plus the manifest's own size (the extension
/// downloads it too), install sizes from unpacked sizes, and the domains the manifest's URLs name.
public struct InstallPlist: Sendable, Equatable {
    public var manifestURL: String
    public var downloadAllowance: Int64
    public var essentialDownloadAllowance: Int64
    public var domainAllowList: [String]
    public var maxInstallSize: Int64
    public var essentialMaxInstallSize: Int64

    /// - Parameters:
    ///   - manifestBytes: the size of the manifest as served (the JWS at `/manifest`).
    ///   - installSizes: pack id → bytes once installed (what an Apple Archive or a zip unpacks to, else its size).
    public init(document: PackManifest, manifestURL: String, manifestBytes: Int64, installSizes: [String: Int64]) {
        self.manifestURL = manifestURL
        downloadAllowance = document.totals.prefetchBytes + manifestBytes
        essentialDownloadAllowance = document.totals.essentialBytes + manifestBytes
        func installed(_ policy: PackPolicy) -> Int64 {
            document.packs.filter { $0.policy == policy }.reduce(0) { $0 + (installSizes[$1.id] ?? $1.size) }
        }
        maxInstallSize = installed(.prefetch)
        essentialMaxInstallSize = installed(.essential)
        domainAllowList = Self.domains(of: [manifestURL] + document.packs.compactMap(\.url))
    }

    /// The distinct hosts `urls` name, lowercased and sorted (`BADownloadDomainAllowList`).
    static func domains(of urls: [String]) -> [String] {
        Array(Set(urls.compactMap { URL(string: $0)?.host?.lowercased() })).sorted()
    }

    /// The keys as `packserve plist` prints them.
    public var keys: InfoPlistKeys {
        InfoPlistKeys(
            manifestURL: manifestURL,
            initialDownloadRestrictions: .init(
                downloadAllowance: downloadAllowance, essentialDownloadAllowance: essentialDownloadAllowance,
                domainAllowList: domainAllowList),
            maxInstallSize: maxInstallSize, essentialMaxInstallSize: essentialMaxInstallSize)
    }
}
