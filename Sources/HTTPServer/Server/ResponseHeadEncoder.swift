/// Serialises a response's status line and header section (RFC 9112 §4, §5).
///
/// The server owns the framing fields: any Content-Length, Transfer-Encoding, Connection or Date a
/// responder set is replaced, so the bytes announced always equal the bytes the writer sends.
enum ResponseHeadEncoder {
    struct Framing {
        var keepAlive: Bool
        var requestVersion: HTTPVersion
        var date: String
        var serverName: String?
    }

    private static let ownedFields = ["content-length", "transfer-encoding", "connection", "date"]
    /// Bit n set when an owned name is n bytes long (all are shorter than 64).
    private static let ownedLengths: UInt64 = ownedFields.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

    static func encode(_ response: HTTPResponse, framing: Framing) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(320)
        // RFC 9110 §2.5: a server sends its own highest conformant version, HTTP/1.1, to 1.0 clients too.
        append("HTTP/1.1 ", to: &out)
        append(String(response.status.code), to: &out)
        out.append(0x20)
        append(response.status.reason, to: &out)
        appendCRLF(&out)
        append(field: "Date", framing.date, to: &out)
        if let server = framing.serverName { append(field: "Server", server, to: &out) }
        for field in response.headers where !isOwned(field.name) && isSafe(field.name) && isSafe(field.value) {
            append(field: field.name, field.value, to: &out)
        }
        // RFC 9110 §8.6: no Content-Length on 1xx/204; a 304 omits it because it has no content to describe.
        if !response.status.forbidsBody {
            append(field: "Content-Length", String(response.body.count), to: &out)
        }
        if !framing.keepAlive {
            append(field: "Connection", "close", to: &out)
        } else if framing.requestVersion == .http1_0 {
            append(field: "Connection", "keep-alive", to: &out)
        }
        appendCRLF(&out)
        return out
    }

    /// Compared without lower-casing a copy: this runs for every field of every response.
    private static func isOwned(_ name: String) -> Bool {
        // Most names have none of the owned names' lengths: no comparison at all then.
        let length = name.utf8.count
        return length < 64 && ownedLengths & (1 << UInt64(length)) != 0
            && ownedFields.contains { HTTPHeaders.namesEqual($0, name) }
    }

    /// Refuses CR, LF and NUL in anything written to the wire (response splitting).
    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    private static func append(field name: String, _ value: String, to out: inout [UInt8]) {
        append(name, to: &out)
        out.append(0x3A)
        out.append(0x20)
        append(value, to: &out)
        appendCRLF(&out)
    }

    /// One copy of the string's contiguous UTF-8 (a native string always has it), not a walk of its view.
    @inline(__always)
    private static func append(_ text: String, to out: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: text.utf8)
        }
    }

    @inline(__always)
    private static func appendCRLF(_ out: inout [UInt8]) {
        out.append(0x0D)
        out.append(0x0A)
    }
}
