import Foundation

/// One response as a test reads it: status, header fields (names lowercased, repeats joined with ", ") and
/// the body bytes as sent (never decoded).
public struct TestResponse: Sendable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON, or nil when it is not JSON.
    public var json: Any? { try? JSONSerialization.jsonObject(with: body) }

    /// The body as a JSON object, or nil.
    public var object: [String: Any]? { json as? [String: Any] }

    /// The ETag without its quotes.
    public var entityTagValue: String? { headers["etag"].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } }
}
