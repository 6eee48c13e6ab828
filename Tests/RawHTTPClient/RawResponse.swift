/// One HTTP/1.1 response as read off the wire by `RawClient`: status line, header fields in order, and
/// exactly Content-Length body bytes.
public struct RawResponse: Sendable, CustomStringConvertible {
    public var status: Int
    public var reason: String
    /// Field names as sent; look them up with `self[name]`, which ignores case.
    public var fields: [(name: String, value: String)]
    public var body: [UInt8]

    public subscript(name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var contentLength: Int? { self["Content-Length"].flatMap { Int($0) } }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    public var closesConnection: Bool { self["Connection"]?.lowercased() == "close" }

    public var description: String { "\(status) \(reason) (\(body.count) body bytes)" }

    /// Parses a head (status line and fields, without the final empty line).
    public init(head: [UInt8]) throws(RawClientError) {
        let lines = Self.lines(of: head)
        let statusLine = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let code = Int(statusLine[1]) else {
            throw .malformedResponse("status line \(lines[0].debugDescription)")
        }
        status = code
        reason = statusLine.count > 2 ? String(statusLine[2]) : ""
        fields = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse("field line \(line.debugDescription)") }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            fields.append((String(line[..<colon]), String(value)))
        }
        body = []
    }

    /// Splits on CRLF (a bare LF in a response head would be a server bug worth seeing, so it stays).
    private static func lines(of head: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        var i = 0
        while i + 1 < head.count {
            if head[i] == 0x0D && head[i + 1] == 0x0A {
                lines.append(String(decoding: head[start..<i], as: UTF8.self))
                start = i + 2
                i += 2
            } else {
                i += 1
            }
        }
        lines.append(String(decoding: head[start...], as: UTF8.self))
        return lines
    }
}
