import Foundation

/// A JSON object of the bucket that is replaced whole (`current.json`, `access/download-tokens.json`):
/// encoded with sorted keys, so equal values are equal bytes and an unchanged object keeps its ETag.
public protocol BucketJSONObject: Codable {}

extension BucketJSONObject {
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    public init(json: [UInt8]) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(json))
    }
}
