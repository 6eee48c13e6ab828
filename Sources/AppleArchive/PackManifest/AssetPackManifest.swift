/// The pack manifest `ba-package` puts in an archive as `Manifest.json`: what PackServe needs from it
/// (`assetPackID`, `downloadPolicy`, `platforms`, `userInfo`) and the whole document beside them. The schema
/// drifts between Xcode versions (`fileSelectors`, `sourceRoot`, … come and go), so other keys are kept, not
/// refused; a key PackServe reads is refused only when its value cannot mean what the key says.
public struct AssetPackManifest: Sendable, Hashable {
    /// Nil when the manifest names none (the pack's id then comes from the command line).
    public let assetPackID: String?
    public let downloadPolicy: AssetPackDownloadPolicy?
    /// As written (`iOS`, `macOS`, …); empty for none, which `ba-package` means as every platform.
    public let platforms: [String]
    /// The app's own data, passed to it in the download manifest.
    public let userInfo: ArchiveJSONValue?
    /// The whole manifest.
    public let document: ArchiveJSONValue

    public init(json: [UInt8]) throws(AssetPackManifestError) {
        let document: ArchiveJSONValue
        do {
            document = try ArchiveJSONValue(json: json)
        } catch {
            throw AssetPackManifestError("not valid JSON")
        }
        try self.init(document: document)
    }

    public init(document: ArchiveJSONValue) throws(AssetPackManifestError) {
        guard case .object = document else { throw AssetPackManifestError("the document is \(document.kindName), not an object") }
        self.document = document
        switch document["assetPackID"] {
        case nil: assetPackID = nil
        case .string(let id)?: assetPackID = id
        case let other?: throw AssetPackManifestError("assetPackID is \(other.kindName), not a string")
        }
        downloadPolicy = try document["downloadPolicy"].map { json throws(AssetPackManifestError) in
            try AssetPackDownloadPolicy(json: json)
        }
        platforms = try document["platforms"]?.strings("platforms") ?? []
        switch document["userInfo"] {
        case nil, .null?: userInfo = nil
        case let value?: userInfo = value
        }
    }
}
