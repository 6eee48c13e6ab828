import Foundation

/// A test model of a device running an app with managed Background Assets, as far as the system's part
/// goes: it reads the download manifest, keeps `(version, sha256, bytes)` per installed pack id, downloads
/// a pack again only when the manifest's `version` for it is higher than the installed one (the only thing
/// the real system looks at), and deletes packs the manifest no longer lists. Downloads go in two halves
/// with `Range`, as a transfer resumed after an interruption would.
final class ManagedDevice {
    struct InstalledPack: Equatable {
        var version: Int
        var sha256: String
        var bytes: Data
    }

    let manifestURL: String
    /// Where downloads land before they are hashed (sha256sum, like the other end-to-end checks).
    private let downloads: TemporaryDirectory
    private(set) var installed: [String: InstalledPack] = [:]
    /// Range requests made, to show the downloads really went in pieces.
    private(set) var rangeRequests = 0

    init(manifestURL: String) throws {
        self.manifestURL = manifestURL
        downloads = try TemporaryDirectory("packserve-e2e-device")
    }

    /// One update pass; returns the manifest it acted on.
    @discardableResult
    func synchronize() async throws -> [ManagedManifestPack] {
        let response = try await StoreResponse.get(manifestURL)
        guard response.status == 200 else { throw EndToEndFailure("manifest: HTTP \(response.status): \(response.text)") }
        let packs = try JSONDecoder().decode(ManagedManifest.self, from: response.body).assetPacks
        for pack in packs where pack.version > (installed[pack.id]?.version ?? 0) {
            let bytes = try await download(pack)
            let path = downloads.file(pack.id)
            try bytes.write(to: URL(fileURLWithPath: path))
            let digest = try await ExternalTool.sha256(of: path)
            guard digest == pack.userInfo.sha256 else {
                throw EndToEndFailure("\(pack.id): downloaded SHA-256 \(digest), manifest says \(pack.userInfo.sha256)")
            }
            installed[pack.id] = InstalledPack(version: pack.version, sha256: digest, bytes: bytes)
        }
        let listed = Set(packs.map(\.id))
        installed = installed.filter { listed.contains($0.key) }
        return packs
    }

    /// The pack's bytes in two Range requests (the second continues where the first stopped).
    private func download(_ pack: ManagedManifestPack) async throws -> Data {
        let half = pack.downloadSize / 2
        guard half > 0 else { return try await fetch(pack.url, range: nil, expecting: 200) }
        let first = try await fetch(pack.url, range: "0-\(half - 1)", expecting: 206)
        let rest = try await fetch(pack.url, range: "\(half)-", expecting: 206)
        let bytes = first + rest
        guard Int64(bytes.count) == pack.downloadSize else {
            throw EndToEndFailure("\(pack.id): got \(bytes.count) bytes, downloadSize is \(pack.downloadSize)")
        }
        return bytes
    }

    private func fetch(_ url: String, range: String?, expecting status: Int) async throws -> Data {
        if range != nil { rangeRequests += 1 }
        let response = try await StoreResponse.get(url, curlArguments: range.map { ["-r", $0] } ?? [])
        guard response.status == status else { throw EndToEndFailure("\(url) (range \(range ?? "none")): HTTP \(response.status)") }
        return response.body
    }
}

/// The download manifest as the device decodes it: decoding fails on a missing field or a wrong type.
struct ManagedManifest: Decodable {
    let assetPacks: [ManagedManifestPack]
}

struct ManagedManifestPack: Decodable, Equatable {
    struct UserInfo: Decodable, Equatable {
        let sha256: String
        let tags: [String]
        let release: Int
    }

    let id: String
    let url: String
    let version: Int
    let downloadSize: Int64
    let userInfo: UserInfo
}
