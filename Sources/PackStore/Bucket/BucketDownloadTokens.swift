import Foundation

/// `access/download-tokens.json`: the lowercase hex SHA-256 digests of the live tokens with the `download`
/// scope, `{"digests": ["…", …]}` sorted, replaced whole by the publisher whenever a token is made or
/// revoked. Replicas read it on every poll (a conditional GET) to check `Authorization` on private packs
/// without an index; the tokens themselves never leave the publisher.
public struct BucketDownloadTokens: Sendable, Hashable, BucketJSONObject {
    public var digests: [String]

    public init(digests: [String]) {
        self.digests = digests.sorted()
    }

    /// The digests as bytes (`DownloadCredentials.replaceTokens`); malformed entries are left out.
    public var digestBytes: [Data] {
        digests.compactMap { hex in
            guard hex.utf8.count == 64 else { return nil }
            var bytes = Data(capacity: 32)
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
                bytes.append(byte)
                index = next
            }
            return bytes
        }
    }
}
