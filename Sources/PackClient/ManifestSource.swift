import Foundation

/// Where `verify` reads a manifest from: an http(s) URL or a file. Either may hold the compact JWS
/// (`/manifest`) or the JSON payload (`/manifest.json`), whose signature is then read from the same
/// place with `.sig` appended (`/manifest.json.sig`).
public enum ManifestSource: Sendable, Equatable, CustomStringConvertible {
    case url(URL)
    case file(String)

    /// A manifest of 100,000 packs is about 40 MiB; this bounds what a misconfigured URL can make us hold.
    static let maximumBytes = 256 << 20

    public init(_ argument: String) {
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
           url.host != nil
        {
            self = .url(url)
        } else {
            self = .file(argument)
        }
    }

    public var description: String {
        switch self {
        case .url(let url): url.absoluteString
        case .file(let path): path
        }
    }

    /// The signature that goes with a payload: the same location with `.sig` appended.
    var signatureSource: ManifestSource {
        switch self {
        case .url(let url): .url(URL(string: url.absoluteString + ".sig") ?? url)
        case .file(let path): .file(path + ".sig")
        }
    }

    /// Reads the manifest and, for a JSON payload, its detached signature.
    public func load(using fetcher: HTTPFetcher) async throws(DownloadFailure) -> SignedManifestBytes {
        let bytes = try await read(using: fetcher)
        if bytes.first == UInt8(ascii: "{") {
            return .payload(bytes, signature: try await signatureSource.read(using: fetcher))
        }
        return .compactJWS(bytes)
    }

    private func read(using fetcher: HTTPFetcher) async throws(DownloadFailure) -> [UInt8] {
        switch self {
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else { throw .io("cannot read \(path)") }
            return Array(data)
        case .url(let url):
            return try await fetcher.getAll(url, limit: Self.maximumBytes)
        }
    }
}
