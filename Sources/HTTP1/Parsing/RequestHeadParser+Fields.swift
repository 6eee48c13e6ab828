/// The request line (RFC 9112 §3) and the field lines (RFC 9112 §5) of a located head.
extension RequestHeadParser {
    /// `method SP request-target SP HTTP-version`, with exactly one space between the parts
    /// (RFC 9112 §3). Checked in this order: shape (400), version (400 if malformed, 505 if not 1.x),
    /// method (400 if not a token, 501 if unknown; methods are case-sensitive, RFC 9110 §9.1), target (400).
    static func parseRequestLine(_ line: UnsafeRawBufferPointer) throws(HTTPProblem) -> HTTPRequestHead {
        guard let firstSpace = line.firstIndex(of: HTTPGrammar.space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: HTTPGrammar.space)
        else { throw .badRequest("malformed request line") }
        let version = try parseVersion(line.rebased(secondSpace + 1..<line.count))
        let method = try parseMethod(line.rebased(0..<firstSpace))
        let targetBytes = line.rebased(firstSpace + 1..<secondSpace)
        let target = targetBytes.string(0..<targetBytes.count)
        let parts = try RequestTarget.parse(targetBytes, target: target, method: method)
        return HTTPRequestHead(
            method: method, target: target, path: parts.path, query: parts.query,
            absoluteFormHost: parts.absoluteFormHost, version: version)
    }

    /// RFC 9112 §2.3: `HTTP/` DIGIT `.` DIGIT, case-sensitive. HTTP/1.0 and 1.1 are spoken; a higher 1.x
    /// minor version is handled as 1.1 (RFC 9110 §2.5); every other major version → 505.
    static func parseVersion(_ bytes: UnsafeRawBufferPointer) throws(HTTPProblem) -> HTTPVersion {
        guard bytes.count == 8, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"),
            bytes[2] == UInt8(ascii: "T"), bytes[3] == UInt8(ascii: "P"), bytes[4] == HTTPGrammar.slash,
            HTTPGrammar.isDigit(bytes[5]), bytes[6] == UInt8(ascii: "."), HTTPGrammar.isDigit(bytes[7])
        else { throw .badRequest("malformed HTTP version in request line") }
        let major = Int(bytes[5] - UInt8(ascii: "0"))
        let minor = Int(bytes[7] - UInt8(ascii: "0"))
        guard major == 1 else {
            throw HTTPProblem(.httpVersionNotSupported, detail: "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        return minor == 0 ? .http1_0 : .http1_1
    }

    static func parseMethod(_ bytes: UnsafeRawBufferPointer) throws(HTTPProblem) -> HTTPMethod {
        // The two methods nearly every request uses, matched without making a string.
        if bytes.elementsEqual("GET".utf8) { return .get }
        if bytes.elementsEqual("HEAD".utf8) { return .head }
        guard !bytes.isEmpty, bytes.allSatisfy(HTTPGrammar.isTokenByte) else {
            throw .badRequest("method is not a token")
        }
        guard let method = HTTPMethod(rawValue: bytes.string(0..<bytes.count)) else {
            throw .notImplemented("unknown method")
        }
        return method
    }

    /// Parses the field lines in `start..<end` (each ending in CRLF) into `head.headers`, names lowercased,
    /// values without surrounding whitespace. Then checks Host: required exactly once on HTTP/1.1 and at
    /// most once otherwise, with a valid value (RFC 9112 §3.2). Authorization at most once: it is no list
    /// (RFC 9110 §11.6.2), so two fields cannot be combined (§5.3), and which one an application read would
    /// be a guess that a proxy in front may have guessed otherwise.
    static func parseFields(
        _ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, into head: inout HTTPRequestHead
    ) throws(HTTPProblem) {
        var lineStart = start
        var hostCount = 0
        var authorizationCount = 0
        // One allocation for all the fields, not a regrowth for the second and the fifth.
        head.headers.reserveCapacity(bytes[start..<end].reduce(0) { $1 == HTTPGrammar.lf ? $0 + 1 : $0 })
        while lineStart < end {
            // locateHead guarantees every line in the head ends in CRLF.
            var lineEnd = lineStart
            while bytes[lineEnd] != HTTPGrammar.lf { lineEnd += 1 }
            let (name, valueRange) = try parseFieldLine(bytes, lineStart..<lineEnd - 1)
            if name == "host" {
                hostCount += 1
                guard HostSyntax.hostLength(bytes.rebased(valueRange)) != nil else {
                    throw .badRequest("invalid Host header")
                }
            } else if name == "authorization" {
                authorizationCount += 1
            }
            head.headers.add(name, bytes.string(valueRange))
            lineStart = lineEnd + 1
        }
        guard hostCount <= 1 else { throw .badRequest("more than one Host header") }
        guard authorizationCount <= 1 else { throw .badRequest("more than one Authorization header") }
        if hostCount == 0 && head.version == .http1_1 { throw .badRequest("missing Host header") }
    }

    /// RFC 9112 §5: `field-name ":" OWS field-value OWS`. Returns the lowercased name and the range of the
    /// trimmed value. Refuses obs-fold (§5.2), whitespace before the colon (§5.1), names that are not
    /// tokens, and control bytes in the value (RFC 9110 §5.5).
    static func parseFieldLine(
        _ bytes: UnsafeRawBufferPointer, _ line: Range<Int>
    ) throws(HTTPProblem) -> (name: String, value: Range<Int>) {
        if HTTPGrammar.isWhitespace(bytes[line.lowerBound]) {
            throw .badRequest("obsolete line folding in header")
        }
        var colon = line.lowerBound
        while colon < line.upperBound && HTTPGrammar.isTokenByte(bytes[colon]) { colon += 1 }
        guard colon < line.upperBound, bytes[colon] == HTTPGrammar.colon else {
            if colon < line.upperBound && HTTPGrammar.isWhitespace(bytes[colon]) {
                throw .badRequest("whitespace between header name and colon")
            }
            throw .badRequest(colon == line.upperBound ? "header line without colon" : "invalid header name")
        }
        guard colon > line.lowerBound else { throw .badRequest("empty header name") }
        var valueStart = colon + 1
        var valueEnd = line.upperBound
        while valueStart < valueEnd && HTTPGrammar.isWhitespace(bytes[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart && HTTPGrammar.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        for index in valueStart..<valueEnd where !HTTPGrammar.isFieldValueByte(bytes[index]) {
            throw .badRequest("control character in header value")
        }
        return (bytes.lowercasedString(line.lowerBound..<colon), valueStart..<valueEnd)
    }
}
