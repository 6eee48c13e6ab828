import Foundation

/// One request: method, URL, header fields, and a body from memory or streamed from a file.
public struct ClientRequest: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Sent from the file as it is read, never held in memory; announced with `Expect: 100-continue`
        /// so a refusal (401, 413) costs no upload.
        case file(path: String, length: Int64)
        /// `length` bytes of the file from byte `offset`, sent like `file`: one part of an object store's
        /// multipart upload, read from the whole file without copying the part out first.
        case fileRange(path: String, offset: Int64, length: Int64)
    }

    public var method: String
    public var url: URL
    /// Added after Host, User-Agent and the body's framing fields.
    public var headers: [(name: String, value: String)]
    public var body: Body?

    public init(method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: Body? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The head as bytes (RFC 9112 §3, §6.2).
    func encodedHead(endpoint: ClientEndpoint, userAgent: String) -> [UInt8] {
        var lines = ["\(method) \(ClientEndpoint.target(of: url)) HTTP/1.1", "Host: \(endpoint.hostField)", "User-Agent: \(userAgent)"]
        switch body {
        case .bytes(let bytes): lines.append("Content-Length: \(bytes.count)")
        case .file(_, let length), .fileRange(_, _, let length):
            lines += ["Content-Length: \(length)", "Expect: 100-continue"]
        case nil: if method == "PUT" || method == "POST" || method == "PATCH" { lines.append("Content-Length: 0") }
        }
        lines += headers.map { "\($0.name): \($0.value)" }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
