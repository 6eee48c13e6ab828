import Testing

@testable import HTTP1

/// Parses `text` (with `\r\n` line ends written out) as the start of a receive buffer.
func parseRequestHead(
    _ text: String, maxHeaderBytes: Int = 16384, maxBodyBytes: Int = 1 << 20, maxFieldCount: Int = 100
) -> RequestHeadParseResult {
    RequestHeadParser.parse(
        Array(text.utf8), maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes, maxFieldCount: maxFieldCount)
}

/// A raw request and the status it must be refused with.
struct RefusedRequest: Sendable, CustomTestStringConvertible {
    var label: String
    var raw: String
    var status: Int
    var testDescription: String { label }
}

@Suite struct RequestHeadParserTests {
    @Test func parsesASimpleGet() throws {
        let raw = "GET /packs/a.zip?v=2 HTTP/1.1\r\nHost: Example.COM:8080\r\nAccept: */*\r\n\r\n"
        let result = parseRequestHead(raw + "NEXT")
        guard case .complete(let head, let headLength, let framing) = result else {
            Issue.record("expected a complete head, got \(result)")
            return
        }
        #expect(head.method == .get)
        #expect(head.target == "/packs/a.zip?v=2")
        #expect(head.path == "/packs/a.zip")
        #expect(head.query == "v=2")
        #expect(head.absoluteFormHost == nil)
        #expect(head.version == .http1_1)
        #expect(head.headers.fields == [.init(name: "host", value: "Example.COM:8080"), .init(name: "accept", value: "*/*")])
        #expect(head.hostWithoutPort == "example.com")
        #expect(headLength == raw.utf8.count)
        #expect(framing == .none)
    }

    @Test func lowercasesNamesAndTrimsOptionalWhitespace() throws {
        let result = parseRequestHead("HEAD / HTTP/1.1\r\nHOST:h\r\nX-Thing: \t a  b \t\r\nX-Empty:\r\nX-Spaces:   \r\n\r\n")
        guard case .complete(let head, _, _) = result else {
            Issue.record("expected a complete head, got \(result)")
            return
        }
        #expect(head.method == .head)
        #expect(head.headers.fields.map(\.name) == ["host", "x-thing", "x-empty", "x-spaces"])
        #expect(head.headers.fields.map(\.value) == ["h", "a  b", "", ""])
    }

    @Test func keepsRepeatedFieldsInOrderAndAcceptsObsText() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: h\r\nAccept: a\r\nAccept: b\r\nX-Latin: caf".utf8) + [0xE9]
            + Array("\r\n\r\n".utf8)
        guard case .complete(let head, _, _) = RequestHeadParser.parse(bytes, maxHeaderBytes: 1000, maxBodyBytes: 0) else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.headers.values("accept") == ["a", "b"])
        #expect(head.headers.combinedValue("Accept") == "a, b")
        #expect(head.headers["x-latin"] == "caf\u{FFFD}")
    }

    @Test func skipsEmptyLinesBeforeTheRequestLine() {
        let raw = "\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"
        let result = parseRequestHead(raw)
        guard case .complete(let head, let headLength, _) = result else {
            Issue.record("expected a complete head, got \(result)")
            return
        }
        #expect(head.path == "/")
        #expect(headLength == raw.utf8.count)
    }

    @Test func acceptsHTTP10WithoutHostAndTreatsHigherMinorVersionsAs11() {
        guard case .complete(let old, _, _) = parseRequestHead("GET / HTTP/1.0\r\n\r\n") else {
            Issue.record("HTTP/1.0 without Host must parse")
            return
        }
        #expect(old.version == .http1_0)
        guard case .complete(let newer, _, _) = parseRequestHead("GET / HTTP/1.7\r\nHost: h\r\n\r\n") else {
            Issue.record("HTTP/1.7 must parse as 1.1")
            return
        }
        #expect(newer.version == .http1_1)
    }

    @Test(arguments: HTTPMethod.allCases.filter { $0 != .options && $0 != .connect })
    func parsesEveryKnownMethod(_ method: HTTPMethod) {
        guard case .complete(let head, _, _) = parseRequestHead("\(method.rawValue) /x HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("\(method.rawValue) must parse")
            return
        }
        #expect(head.method == method)
    }

    @Test func acceptsEmptyHostAndIPLiterals() {
        for host in ["", "[::1]:8080", "127.0.0.1", "a.b-c_d~e", "x:", "[v1.fe]", "%41bc"] {
            let result = parseRequestHead("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            guard case .complete(let head, _, _) = result else {
                Issue.record("Host \(host) must be accepted, got \(result)")
                continue
            }
            #expect(head.headers["host"] == host)
        }
    }

    @Test func waitsForTheEndOfTheHead() {
        #expect(parseRequestHead("") == .incomplete)
        #expect(parseRequestHead("\r\n") == .incomplete)
        #expect(parseRequestHead("GET / HTTP/1.1\r\nHost: h\r\n") == .incomplete)
        #expect(parseRequestHead("GET / HTTP/1.1\r\nHost: h\r\n\r") == .incomplete)
    }

    static let refusals: [RefusedRequest] = [
        // Request line (RFC 9112 §3)
        .init(label: "no target", raw: "GET HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "two spaces", raw: "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "trailing space", raw: "GET / HTTP/1.1 \r\nHost: h\r\n\r\n", status: 400),
        .init(label: "tab separator", raw: "GET\t/ HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "space in target", raw: "GET /a b HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "lowercase version", raw: "GET / http/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "version without minor", raw: "GET / HTTP/1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "two-digit minor", raw: "GET / HTTP/1.10\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "HTTP/0.9 line", raw: "GET /\r\n\r\n", status: 400),
        .init(label: "HTTP/2.0", raw: "GET / HTTP/2.0\r\nHost: h\r\n\r\n", status: 505),
        .init(label: "HTTP/0.9", raw: "GET / HTTP/0.9\r\nHost: h\r\n\r\n", status: 505),
        .init(label: "HTTP/3.0", raw: "GET / HTTP/3.0\r\nHost: h\r\n\r\n", status: 505),
        .init(label: "lowercase method", raw: "get / HTTP/1.1\r\nHost: h\r\n\r\n", status: 501),
        .init(label: "unknown method", raw: "BREW / HTTP/1.1\r\nHost: h\r\n\r\n", status: 501),
        .init(label: "method not a token", raw: "GE(T / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "authority-form", raw: "CONNECT h:443 HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "asterisk with GET", raw: "GET * HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "fragment", raw: "GET /a#b HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "bare CR in request line", raw: "GET /\r HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        // Line endings (strict CRLF)
        .init(label: "bare LF after request line", raw: "GET / HTTP/1.1\nHost: h\r\n\r\n", status: 400),
        .init(label: "bare LF ending the head", raw: "GET / HTTP/1.1\r\nHost: h\r\n\n", status: 400),
        .init(label: "only bare LFs", raw: "GET / HTTP/1.1\nHost: h\n\n", status: 400),
        .init(label: "leading bare LF", raw: "\nGET / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400),
        .init(label: "bare CR in field line", raw: "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n", status: 400),
        // Field lines (RFC 9112 §5)
        .init(label: "space before colon", raw: "GET / HTTP/1.1\r\nHost : h\r\n\r\n", status: 400),
        .init(label: "tab before colon", raw: "GET / HTTP/1.1\r\nHost: h\r\nX\t: y\r\n\r\n", status: 400),
        .init(label: "obs-fold with space", raw: "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n", status: 400),
        .init(label: "obs-fold with tab", raw: "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n\tb\r\n\r\n", status: 400),
        .init(label: "name with slash", raw: "GET / HTTP/1.1\r\nHost: h\r\nX/Y: z\r\n\r\n", status: 400),
        .init(label: "empty name", raw: "GET / HTTP/1.1\r\nHost: h\r\n: z\r\n\r\n", status: 400),
        .init(label: "no colon", raw: "GET / HTTP/1.1\r\nHost: h\r\nJunk\r\n\r\n", status: 400),
        .init(label: "NUL in value", raw: "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{0}b\r\n\r\n", status: 400),
        .init(label: "control in value", raw: "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1B}b\r\n\r\n", status: 400),
        .init(label: "DEL in value", raw: "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{7F}\r\n\r\n", status: 400),
        // Host (RFC 9112 §3.2)
        .init(label: "missing Host", raw: "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", status: 400),
        .init(label: "two Hosts", raw: "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", status: 400),
        .init(label: "two Hosts on 1.0", raw: "GET / HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n", status: 400),
        .init(label: "Host with space", raw: "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", status: 400),
        .init(label: "Host with userinfo", raw: "GET / HTTP/1.1\r\nHost: u@h\r\n\r\n", status: 400),
        .init(label: "Host with bad port", raw: "GET / HTTP/1.1\r\nHost: h:80x\r\n\r\n", status: 400),
        .init(label: "Host with slash", raw: "GET / HTTP/1.1\r\nHost: h/x\r\n\r\n", status: 400),
        .init(label: "unclosed IP literal", raw: "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", status: 400),
        .init(label: "IPv6 literal without colon", raw: "GET / HTTP/1.1\r\nHost: [abc]\r\n\r\n", status: 400),
        .init(label: "invalid Host on 1.0", raw: "GET / HTTP/1.0\r\nHost: <h>\r\n\r\n", status: 400),
        // Authorization is a singleton (RFC 9110 §11.6.2): which of two would the application have read?
        .init(label: "two Authorizations", raw: "GET / HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer a\r\nauthorization: Bearer b\r\n\r\n", status: 400),
        // Framing (RFC 9112 §6), checked by BodyFraming as part of parsing
        .init(label: "CL and TE", raw: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400),
        .init(label: "differing CLs", raw: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", status: 400),
        .init(label: "CL not digits", raw: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n", status: 400),
        .init(label: "CL too large", raw: "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2000000\r\n\r\n", status: 413),
        .init(label: "TE on 1.0", raw: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400),
        .init(label: "TE gzip only", raw: "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", status: 400),
    ]

    @Test(arguments: refusals)
    func refuses(_ request: RefusedRequest) throws {
        let result = parseRequestHead(request.raw)
        guard case .invalid(let error) = result else {
            Issue.record("expected \(request.status), got \(result)")
            return
        }
        #expect(error.status.code == request.status)
        let detail = try #require(error.detail)
        #expect(!detail.isEmpty && !detail.contains("\n"))
    }

    @Test func refusesTooManyFieldsWith431() {
        let fields = (0..<5).map { "X-\($0): v\r\n" }.joined()
        let head = "GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n"
        #expect(parseRequestHead(head, maxFieldCount: 6).isComplete)
        #expect(parseRequestHead(head, maxFieldCount: 5).status == 431)
        // Refused as soon as the excess line has arrived, without waiting for the end of the head.
        let withoutEnd = Array(head.utf8.dropLast(2))
        #expect(RequestHeadParser.parse(withoutEnd, maxHeaderBytes: 1000, maxBodyBytes: 0, maxFieldCount: 5).status == 431)
    }

    @Test func enforcesMaxHeaderBytes() {
        let head = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: \(String(repeating: "p", count: 40))\r\n\r\n"
        let length = head.utf8.count
        #expect(parseRequestHead(head, maxHeaderBytes: length).isComplete)
        #expect(parseRequestHead(head, maxHeaderBytes: length - 1).status == 431)
        // An unfinished head that already fills the limit is refused without waiting for more.
        let bytes = Array(head.utf8)
        #expect(RequestHeadParser.parse(Array(bytes[..<30]), maxHeaderBytes: 30, maxBodyBytes: 0).status == 431)
        #expect(RequestHeadParser.parse(Array(bytes[..<29]), maxHeaderBytes: 30, maxBodyBytes: 0) == .incomplete)
        // A request line that alone exceeds the limit is a URI too long (RFC 9112 §3).
        #expect(parseRequestHead("GET /\(String(repeating: "a", count: 64))", maxHeaderBytes: 40).status == 414)
        // A pipelined buffer larger than the limit is fine when the first head fits.
        #expect(parseRequestHead(head + head + head, maxHeaderBytes: length).isComplete)
    }
}

extension RequestHeadParseResult {
    var isComplete: Bool {
        if case .complete = self { return true }
        return false
    }

    /// The refusal status code, or nil when not refused.
    var status: Int? {
        if case .invalid(let error) = self { return error.status.code }
        return nil
    }
}
