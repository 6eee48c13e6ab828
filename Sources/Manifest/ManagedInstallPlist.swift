/// The Info.plist keys of an app whose asset packs the system manages and that hosts them itself
/// (`plist --managed`): `BAHasManagedAssetPacks` YES, `BAUsesAppleHosting` NO, the app group the app shares
/// with its Background Assets extension, `BAManifestURL` (the download manifest), and the initial download
/// restrictions from the download manifest's essential and prefetch sizes plus its own size (the system
/// downloads it too).
public struct ManagedInstallPlist: Sendable, Equatable {
    public var manifestURL: String
    public var appGroupID: String?
    public var downloadAllowance: Int64
    public var essentialDownloadAllowance: Int64
    public var domainAllowList: [String]

    /// - Parameter manifestBytes: the size of the download manifest as served.
    public init(manifest: DownloadManifest, manifestURL: String, manifestBytes: Int64, appGroupID: String?) {
        self.manifestURL = manifestURL
        self.appGroupID = appGroupID
        var essential: Int64 = 0
        var prefetch: Int64 = 0
        for pack in manifest.assetPacks {
            switch pack.downloadPolicy {
            case .essential: essential += pack.downloadSize
            case .prefetch: prefetch += pack.downloadSize
            case .onDemand: break
            }
        }
        downloadAllowance = prefetch + manifestBytes
        essentialDownloadAllowance = essential + manifestBytes
        domainAllowList = InstallPlist.domains(of: [manifestURL] + manifest.assetPacks.map(\.url))
    }

    /// The keys as `packserve plist --managed` prints them.
    public var keys: InfoPlistKeys {
        InfoPlistKeys(
            hasManagedAssetPacks: true, usesAppleHosting: false, appGroupID: appGroupID, manifestURL: manifestURL,
            initialDownloadRestrictions: .init(
                downloadAllowance: downloadAllowance, essentialDownloadAllowance: essentialDownloadAllowance,
                domainAllowList: domainAllowList))
    }
}
