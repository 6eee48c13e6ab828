/// How a request's body is delimited on the connection (RFC 9112 §6.3). Deciding this wrongly is how
/// request smuggling works, so every ambiguity is refused (400) and the connection closed.
public enum BodyFraming: Sendable, Equatable {
    /// No body: neither Content-Length nor Transfer-Encoding, or `Content-Length: 0`.
    case none
    /// Exactly this many bytes (more than zero) follow the head.
    case contentLength(Int)
    /// A chunked body follows; decode it with `ChunkedDecoder`.
    case chunked

    /// Reads the framing fields of `head`.
    ///
    /// - Transfer-Encoding (RFC 9112 §6.1): refused on HTTP/1.0 (a 1.0 recipient cannot have understood it)
    ///   and together with Content-Length (§6.3 rule 3 lets a server refuse; ignoring one of them is what
    ///   smuggling exploits). The final coding must be `chunked` (400), applied once (400); other codings
    ///   before it cannot be decoded here (501).
    /// - Content-Length (RFC 9110 §8.6): one or more decimal values, all equal (`5, 5` or two `5` fields
    ///   are merged); anything else, or a value that overflows, → 400; more than `maxBodyBytes` → 413.
    public init(head: HTTPRequestHead, maxBodyBytes: Int) throws(HTTPProblem) {
        let headers = head.headers
        let hasTransferEncoding = headers.contains("transfer-encoding")
        let hasContentLength = headers.contains("content-length")
        if hasTransferEncoding {
            guard head.version != .http1_0 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            guard !hasContentLength else { throw .badRequest("both Content-Length and Transfer-Encoding") }
            try Self.checkTransferCodings(headers.values("transfer-encoding"))
            self = .chunked
        } else if hasContentLength {
            let length = try Self.contentLength(headers.values("content-length"))
            guard length <= maxBodyBytes else { throw .contentTooLarge("body larger than \(maxBodyBytes) bytes") }
            self = length == 0 ? .none : .contentLength(length)
        } else {
            self = .none
        }
    }

    /// The codings of every Transfer-Encoding field, in order, must end in exactly one `chunked`.
    /// Empty list elements are skipped (RFC 9110 §5.6.1).
    private static func checkTransferCodings(_ values: [String]) throws(HTTPProblem) {
        var codings: [Substring] = []
        for value in values {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let coding = element.trimmingSpaces()
                if !coding.isEmpty { codings.append(coding) }
            }
        }
        guard let last = codings.last else { throw .badRequest("empty Transfer-Encoding") }
        guard last.lowercased() == "chunked" else { throw .badRequest("final transfer coding is not chunked") }
        let earlier = codings.dropLast()
        guard !earlier.contains(where: { $0.lowercased() == "chunked" }) else {
            throw .badRequest("chunked applied more than once")
        }
        guard earlier.allSatisfy({ $0.utf8.allSatisfy(HTTPGrammar.isTokenByte) }) else {
            throw .badRequest("invalid transfer coding")
        }
        guard earlier.isEmpty else { throw .notImplemented("unsupported transfer coding") }
    }

    /// The single value of one or more Content-Length fields.
    private static func contentLength(_ values: [String]) throws(HTTPProblem) -> Int {
        var length: Int?
        for value in values {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = element.trimmingSpaces().utf8
                guard !digits.isEmpty else { throw .badRequest("empty Content-Length") }
                var parsed = 0
                for digit in digits {
                    guard HTTPGrammar.isDigit(digit) else { throw .badRequest("Content-Length is not a number") }
                    let (times10, overflow1) = parsed.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
                    guard !overflow1 && !overflow2 else { throw .badRequest("Content-Length too large") }
                    parsed = sum
                }
                guard length == nil || length == parsed else { throw .badRequest("conflicting Content-Length values") }
                length = parsed
            }
        }
        return length ?? 0
    }
}

extension BodyFraming {
    /// The announced length, for a body framed by Content-Length.
    package var contentLength: Int? {
        if case .contentLength(let length) = self { return length }
        return nil
    }
}
