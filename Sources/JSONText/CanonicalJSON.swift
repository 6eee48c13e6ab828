import Foundation

/// The JSON writer for everything clients read (manifest, `/tags`, `/releases`, `--json` output, a pack's
/// `userInfo`): deterministic bytes — keys sorted, no insignificant whitespace, `/` not escaped as `\/` — and
/// dates as ISO 8601 strings. Foundation's `JSONEncoder` is the reference; the hand-written writers of large
/// documents (`JSONBytes`) are tested against it byte for byte.
public enum CanonicalJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        Array(try encoder.encode(value))
    }

    public static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: Data(bytes))
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
