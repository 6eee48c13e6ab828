// Scoped: HTTP1 has no I/O, and takes from the C library only what it names (scripts/test checks).
import func Glibc.memchr

/// A strict HTTP/1.1 request-head parser (RFC 9112 §2–§5) for a connection's receive buffer.
///
/// The connection calls `parse` each time bytes arrive, with everything received and not yet consumed.
/// Parsing is stateless: until the blank line that ends the head is present, only a `memchr` scan for line
/// ends runs (no allocation); then the head is parsed once, making `String`s only for the target and the
/// field names and values. Re-scanning from the start on each call is bounded by `maxHeaderBytes`.
///
/// Every outcome depends only on the bytes it has seen, so a prefix of a request either parses as
/// `.incomplete` or gives the same answer as the whole request — however the bytes are split into reads.
public enum RequestHeadParser {
    /// The most header fields a request may carry; more → 431.
    public static let defaultMaxFieldCount = 100

    /// Parses the request head at the start of `bytes`.
    /// - Parameters:
    ///   - maxHeaderBytes: the most bytes the head (request line, fields, the blank line, and any empty lines
    ///     before the request line) may occupy; a longer head → 431 (or 414 when the request line alone is
    ///     longer).
    ///   - maxBodyBytes: the largest Content-Length accepted (→ 413); also give it to `ChunkedDecoder`.
    ///
    /// Inlinable, so the connection (in HTTPServer) takes the result apart where it is made, as it did when
    /// the parser was compiled into the server: each request's head crosses no module boundary as an
    /// enum value (scripts/bench-hotpath measured it). The work is in `locateHead` and `parseHead`.
    @inlinable
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maxHeaderBytes: Int, maxBodyBytes: Int,
        maxFieldCount: Int = defaultMaxFieldCount
    ) -> RequestHeadParseResult {
        let location: HeadLocation
        switch locateHead(bytes, maxHeaderBytes: maxHeaderBytes, maxFieldCount: maxFieldCount) {
        case .incomplete: return .incomplete
        case .invalid(let error): return .invalid(error)
        case .found(let found): location = found
        }
        do {
            let head = try parseHead(bytes, location)
            let framing = try BodyFraming(head: head, maxBodyBytes: maxBodyBytes)
            return .complete(head, headLength: location.headLength, framing: framing)
        } catch {
            return .invalid(error)
        }
    }

    /// Convenience for tests and tools: parses the start of an array.
    public static func parse(
        _ bytes: [UInt8], maxHeaderBytes: Int, maxBodyBytes: Int, maxFieldCount: Int = defaultMaxFieldCount
    ) -> RequestHeadParseResult {
        bytes.withUnsafeBytes {
            parse($0, maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes, maxFieldCount: maxFieldCount)
        }
    }

    /// Where the parts of a complete head are: the request line spans `requestLineStart..<fieldsStart - 2`,
    /// field lines `fieldsStart..<headLength - 2` (each ending in CRLF), then the empty line.
    @usableFromInline
    struct HeadLocation {
        var requestLineStart: Int
        var fieldsStart: Int
        @usableFromInline var headLength: Int
    }

    @usableFromInline
    enum HeadScan {
        case incomplete
        case invalid(HTTPProblem)
        case found(HeadLocation)
    }
}

// The two steps of `RequestHeadParser.parse`, which is inlined into the connection (in HTTPServer). Free
// functions, not static members: a static member's metatype goes unused, the optimizer drops it and leaves a
// forwarding thunk that callers in other modules pay on every request (scripts/bench-hotpath measured them).

/// Finds the empty line that ends the head, checking line endings on the way.
///
/// Line endings must be CRLF. RFC 9112 §2.2 lets a recipient accept a bare LF, but a server that does
/// so reads some messages differently from proxies that do not — the root of request smuggling — so a
/// bare LF is refused here (400). A bare CR is refused when the line containing it is parsed.
@usableFromInline
func locateHead(
    _ bytes: UnsafeRawBufferPointer, maxHeaderBytes: Int, maxFieldCount: Int
) -> RequestHeadParser.HeadScan {
    let limit = min(bytes.count, maxHeaderBytes)
    guard let base = bytes.baseAddress, limit > 0 else {
        return bytes.count >= maxHeaderBytes ? .invalid(HTTPProblem(.uriTooLong, detail: "request line too long")) : .incomplete
    }
    // RFC 9112 §2.2: skip empty lines (CRLF) received before the request line.
    var requestLineStart = 0
    while requestLineStart + 1 < limit && bytes[requestLineStart] == HTTPGrammar.cr
        && bytes[requestLineStart + 1] == HTTPGrammar.lf
    {
        requestLineStart += 2
    }
    var lineStart = requestLineStart
    var fieldsStart: Int?
    var fieldCount = 0
    while lineStart < limit, let found = memchr(base + lineStart, Int32(HTTPGrammar.lf), limit - lineStart) {
        let lf = UnsafeRawPointer(found) - base
        guard lf > lineStart && bytes[lf - 1] == HTTPGrammar.cr else {
            return .invalid(.badRequest("line ending without CR (bare LF)"))
        }
        if let fieldsStart, lf - 1 == lineStart {
            return .found(RequestHeadParser.HeadLocation(requestLineStart: requestLineStart, fieldsStart: fieldsStart, headLength: lf + 1))
        }
        if fieldsStart == nil {
            fieldsStart = lf + 1
        } else {
            fieldCount += 1
            guard fieldCount <= maxFieldCount else { return .invalid(.headerFieldsTooLarge("too many header fields")) }
        }
        lineStart = lf + 1
    }
    guard bytes.count >= maxHeaderBytes else { return .incomplete }
    // RFC 9112 §3: a request-target longer than the server will parse → 414.
    return fieldsStart == nil
        ? .invalid(HTTPProblem(.uriTooLong, detail: "request line too long"))
        : .invalid(.headerFieldsTooLarge("request head larger than \(maxHeaderBytes) bytes"))
}

/// Parses a located head: the request line, then the field lines (`RequestHeadParser+Fields.swift`).
@usableFromInline
func parseHead(
    _ bytes: UnsafeRawBufferPointer, _ location: RequestHeadParser.HeadLocation
) throws(HTTPProblem) -> HTTPRequestHead {
    var head = try RequestHeadParser.parseRequestLine(bytes.rebased(location.requestLineStart..<location.fieldsStart - 2))
    try RequestHeadParser.parseFields(bytes, from: location.fieldsStart, to: location.headLength - 2, into: &head)
    return head
}
