import JSONText

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
    public let userInfo: JSONValue?
    /// The whole manifest.
    public let document: JSONValue

    /// Read strictly, like every JSON PackServe takes from outside: a duplicate key is refused (which of two
    /// `assetPackID`s would a device believe?), and nesting is bounded one level above `userInfo`'s limit.
    public init(json: [UInt8]) throws(AssetPackManifestError) {
        let document: JSONValue
        do {
            document = try JSONValue(json: json, maxDepth: UserInfoLimits.maxDepth + 1)
        } catch {
            throw AssetPackManifestError("not valid JSON: \(error)")
        }
        try self.init(document: document)
    }

    public init(document: JSONValue) throws(AssetPackManifestError) {
        guard case .object = document else { throw AssetPackManifestError("the document is \(document.kindName), not an object") }
        // The whole document is kept as canonical JSON: a number beyond a double's range (`1e999`) reads as
        // infinity, which JSON cannot write back (found by ArchiveManifestFuzzer in a key no one reads).
        guard (try? document.canonicalJSON()) != nil else {
            throw AssetPackManifestError("a number beyond a double's range cannot be kept")
        }
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
        case let value?:
            do throws(UserInfoError) { _ = try UserInfoLimits.canonicalJSON(of: value) } catch {
                throw AssetPackManifestError(error.description)
            }
            userInfo = value
        }
    }
}
