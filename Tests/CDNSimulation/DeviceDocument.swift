import Foundation

/// A document as a device reads it: the release it describes and its packs. Decoding is strict on what a
/// device relies on (a missing field or a wrong type fails it); the signed manifest's signature is not
/// checked here (`packserve verify` and the manifest tests do that), only its payload is read.
package struct DeviceDocument: Sendable, Equatable {
    package let release: Int
    package let packs: [DocumentPack]

    package init(release: Int, packs: [DocumentPack]) {
        self.release = release
        self.packs = packs
    }

    /// Reads `body` (already without any Content-Encoding) as `kind` says.
    package init(_ kind: DocumentKind, body: [UInt8]) throws(DeviceFailure) {
        do {
            switch kind {
            case .downloadManifest:
                let manifest = try JSONDecoder().decode(DownloadManifest.self, from: Data(body))
                packs = try manifest.assetPacks.map { pack throws(DeviceFailure) in
                    guard pack.downloadPolicy.count == 1, let policy = pack.downloadPolicy.keys.first else {
                        throw DeviceFailure("pack \(pack.id): a downloadPolicy of \(pack.downloadPolicy.keys.sorted())")
                    }
                    return DocumentPack(
                        id: pack.id, policy: policy == "onDemand" ? "on-demand" : policy, size: pack.downloadSize,
                        sha256: pack.userInfo.sha256, url: pack.url, path: try Self.path(of: pack.url), order: 0,
                        version: pack.version)
                }
                // Every pack's userInfo names the release; a manifest without packs has none to name.
                release = manifest.assetPacks.first?.userInfo.release ?? 0
                if let other = manifest.assetPacks.first(where: { $0.userInfo.release != release }) {
                    throw DeviceFailure("pack \(other.id) says release \(other.userInfo.release), the first \(release)")
                }
            case .signedManifest:
                let parts = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
                guard parts.count == 3 else { throw DeviceFailure("a signed manifest of \(parts.count) parts, not 3") }
                var base64 = String(decoding: parts[1], as: UTF8.self)
                    .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
                guard let payload = Data(base64Encoded: base64) else { throw DeviceFailure("a payload that is not base64url") }
                let manifest = try JSONDecoder().decode(SignedManifest.self, from: payload)
                release = manifest.release
                packs = try manifest.packs.map { pack throws(DeviceFailure) in
                    DocumentPack(
                        id: pack.id, policy: pack.policy, size: pack.size, sha256: pack.sha256, url: pack.url,
                        path: try Self.path(of: pack.url), order: pack.order, version: pack.version)
                }
            }
        } catch let failure as DeviceFailure {
            throw failure
        } catch {
            throw DeviceFailure("\(kind): \(error)")
        }
    }

    /// Path and query of a pack's absolute URL.
    private static func path(of url: String) throws(DeviceFailure) -> String {
        guard let components = URLComponents(string: url), !components.percentEncodedPath.isEmpty else {
            throw DeviceFailure("a pack URL of \(url.debugDescription)")
        }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    /// The download manifest's fields a device reads.
    private struct DownloadManifest: Decodable {
        struct Pack: Decodable {
            struct UserInfo: Decodable {
                let sha256: String
                let release: Int
            }

            let id: String
            let url: String
            let version: Int
            let downloadSize: Int
            /// One key, `essential`, `prefetch` or `onDemand`, whose value the device does not need.
            let downloadPolicy: [String: Ignored]
            let userInfo: UserInfo
        }

        let assetPacks: [Pack]
    }

    /// The signed manifest's payload fields a device reads.
    private struct SignedManifest: Decodable {
        struct Pack: Decodable {
            let id: String
            let policy: String
            let size: Int
            let sha256: String
            let url: String
            let order: Int
            let version: Int
        }

        let release: Int
        let packs: [Pack]
    }

    /// Any JSON value, skipped.
    private struct Ignored: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
