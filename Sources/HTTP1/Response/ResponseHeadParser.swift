/// Parses a response's head (RFC 9112 §4 status line, §5 field lines) from the start of a buffer: nil
/// while the empty line that ends it has not arrived, the head and its length in bytes once it has.
///
/// Strict where leniency could be misread: CRLF line endings only, a three-digit status, field names
/// that are tokens, no obsolete line folding (§5.2), no control bytes in values. Only ever fed what a
/// server sent, but a server (or anything between) may be hostile, so it is fuzzed like the request parser.
public enum ResponseHeadParser {
    public static let defaultMaxBytes = 64 * 1024
    public static let maxFields = 256

    public static func parse(
        _ buffer: UnsafeRawBufferPointer, maxBytes: Int = defaultMaxBytes
    ) throws(ResponseHeadError) -> (head: ClientResponseHead, length: Int)? {
        guard let end = try endOfHead(buffer) else {
            if buffer.count > maxBytes { throw ResponseHeadError("the response head is larger than \(maxBytes) bytes") }
            return nil
        }
        guard end <= maxBytes else { throw ResponseHeadError("the response head is larger than \(maxBytes) bytes") }
        var lines = Lines(buffer: buffer, end: end)
        let statusLine = lines.next()!
        let (minorVersion, status) = try parseStatusLine(buffer, statusLine)
        var headers: [String: String] = [:]
        var fieldCount = 0
        while let line = lines.next(), !line.isEmpty {
            fieldCount += 1
            guard fieldCount <= maxFields else { throw ResponseHeadError("more than \(maxFields) header fields") }
            let (name, value) = try parseField(buffer, line)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        // Connection options are tokens (RFC 9110 §7.6.1), so dropping whitespace leaves each one whole.
        let connection = headers["connection"]?.lowercased().split(separator: ",").map {
            $0.filter { $0 != " " && $0 != "\t" }
        } ?? []
        // RFC 9112 §9.3: HTTP/1.1 persists unless "close"; HTTP/1.0 only with "keep-alive".
        let keeps = minorVersion == 1 ? !connection.contains("close") : connection.contains("keep-alive")
        return (ClientResponseHead(status: status, headers: headers, keepsConnection: keeps), end)
    }

    /// The index just past CRLF CRLF. A bare LF is refused at once rather than waited past: a head that
    /// uses one would otherwise never end.
    private static func endOfHead(_ buffer: UnsafeRawBufferPointer) throws(ResponseHeadError) -> Int? {
        for index in buffer.indices where buffer[index] == lf {
            guard index > 0, buffer[index - 1] == cr else { throw ResponseHeadError("a bare LF in the response head") }
            if index >= 3 && buffer[index - 2] == lf { return index + 1 }
        }
        return nil
    }

    /// `HTTP/1.x SP 3DIGIT SP reason`; the reason may be empty and its space left out (seen in the wild).
    private static func parseStatusLine(
        _ buffer: UnsafeRawBufferPointer, _ line: Range<Int>
    ) throws(ResponseHeadError) -> (minorVersion: Int, status: Int) {
        let prefix = Array("HTTP/1.".utf8)
        guard line.count >= 12, buffer[line.lowerBound..<line.lowerBound + 7].elementsEqual(prefix),
            buffer[line.lowerBound + 7] == UInt8(ascii: "0") || buffer[line.lowerBound + 7] == UInt8(ascii: "1"),
            buffer[line.lowerBound + 8] == UInt8(ascii: " ")
        else { throw ResponseHeadError("not an HTTP/1.x status line") }
        var status = 0
        for index in line.lowerBound + 9..<line.lowerBound + 12 {
            let byte = buffer[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw ResponseHeadError("the status code is not three digits")
            }
            status = status * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard status >= 100 else { throw ResponseHeadError("status \(status) is not an HTTP status") }
        if line.count > 12 {
            guard buffer[line.lowerBound + 12] == UInt8(ascii: " ") else {
                throw ResponseHeadError("the status code is not three digits")
            }
            guard buffer[line.lowerBound + 13..<line.upperBound].allSatisfy(HTTPGrammar.isFieldValueByte) else {
                throw ResponseHeadError("a control byte in the reason phrase")
            }
        }
        return (Int(buffer[line.lowerBound + 7] - UInt8(ascii: "0")), status)
    }

    private static func parseField(
        _ buffer: UnsafeRawBufferPointer, _ line: Range<Int>
    ) throws(ResponseHeadError) -> (name: String, value: String) {
        guard !HTTPGrammar.isWhitespace(buffer[line.lowerBound]) else {
            throw ResponseHeadError("obsolete line folding in the header")
        }
        guard let colon = line.first(where: { buffer[$0] == UInt8(ascii: ":") }), colon > line.lowerBound,
            buffer[line.lowerBound..<colon].allSatisfy(HTTPGrammar.isTokenByte)
        else { throw ResponseHeadError("a malformed header field line") }
        var start = colon + 1
        var end = line.upperBound
        while start < end, HTTPGrammar.isWhitespace(buffer[start]) { start += 1 }
        while end > start, HTTPGrammar.isWhitespace(buffer[end - 1]) { end -= 1 }
        guard buffer[start..<end].allSatisfy(HTTPGrammar.isFieldValueByte) else {
            throw ResponseHeadError("a control byte in a header value")
        }
        let name = String(decoding: buffer[line.lowerBound..<colon], as: UTF8.self).lowercased()
        return (name, String(decoding: buffer[start..<end], as: UTF8.self))
    }

    /// The head's lines without their CRLF, up to and including the empty last one.
    private struct Lines {
        let buffer: UnsafeRawBufferPointer
        let end: Int
        var position = 0

        mutating func next() -> Range<Int>? {
            guard position < end else { return nil }
            var index = position
            while !(buffer[index] == cr && buffer[index + 1] == lf) { index += 1 }
            defer { position = index + 2 }
            return position..<index
        }
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
}
