import Foundation
import Hex

/// `access/download-tokens.json`: the SHA-256 digests of the `download` tokens (`TokenSecret.digest`), so a
/// replica, which has no index, admits the same bearer tokens as the publisher. Replaced whole whenever the
/// set changes; only digests leave the index, never a secret.
public struct BucketDownloadTokens: Sendable, Hashable, Codable {
    /// Lowercase hex, sorted, so equal sets are equal bytes and a publisher can tell nothing changed.
    public var sha256: [String]

    public init(digests: [Data]) {
        sha256 = digests.map { Hex.string($0) }.sorted()
    }

    /// The digests as bytes again, as `DownloadCredentials.replaceTokens` takes them; nil for malformed hex.
    public var digests: [Data]? {
        var result: [Data] = []
        for hex in sha256 {
            guard hex.utf8.count == 64 else { return nil }
            var bytes = Data(capacity: 32)
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
                bytes.append(byte)
                index = next
            }
            result.append(bytes)
        }
        return result
    }

    /// Sorted keys, like the pointer: equal sets are equal bytes.
    public func encoded() throws -> [UInt8] { Array(try Self.encoder.encode(self)) }

    public init(json: [UInt8]) throws { self = try JSONDecoder().decode(Self.self, from: Data(json)) }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
