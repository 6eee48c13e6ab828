import Testing

@testable import HTTP1

@Suite struct BodyFramingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fields: [(String, String)]
        var version = HTTPVersion.http1_1
        /// The framing expected, or nil when refused with `status`.
        var framing: BodyFraming?
        var status = 0
        var testDescription: String { fields.map { "\($0.0): \($0.1)" }.joined(separator: " | ") + " (\(version))" }
    }

    static let cases: [Case] = [
        Case(fields: [], framing: BodyFraming.none),
        Case(fields: [("content-length", "0")], framing: BodyFraming.none),
        Case(fields: [("content-length", "42")], framing: .contentLength(42)),
        Case(fields: [("content-length", "007")], framing: .contentLength(7)),
        Case(fields: [("content-length", "1000")], framing: .contentLength(1000)),
        Case(fields: [("content-length", "5"), ("content-length", "5")], framing: .contentLength(5)),
        Case(fields: [("content-length", "5, 5")], framing: .contentLength(5)),
        Case(fields: [("content-length", "5"), ("content-length", "6")], status: 400),
        Case(fields: [("content-length", "5, 6")], status: 400),
        Case(fields: [("content-length", "")], status: 400),
        Case(fields: [("content-length", "5,")], status: 400),
        Case(fields: [("content-length", "-1")], status: 400),
        Case(fields: [("content-length", "+1")], status: 400),
        Case(fields: [("content-length", "1e3")], status: 400),
        Case(fields: [("content-length", "1 2")], status: 400),
        Case(fields: [("content-length", "99999999999999999999999")], status: 400),
        Case(fields: [("content-length", "9223372036854775808")], status: 400),
        Case(fields: [("content-length", "1001")], status: 413),
        Case(fields: [("content-length", "9223372036854775807")], status: 413),
        Case(fields: [("transfer-encoding", "chunked")], framing: .chunked),
        Case(fields: [("transfer-encoding", "Chunked")], framing: .chunked),
        Case(fields: [("transfer-encoding", " chunked , ")], framing: .chunked),
        Case(fields: [("transfer-encoding", "gzip, chunked")], status: 501),
        Case(fields: [("transfer-encoding", "gzip"), ("transfer-encoding", "chunked")], status: 501),
        Case(fields: [("transfer-encoding", "chunked, chunked")], status: 400),
        Case(fields: [("transfer-encoding", "chunked"), ("transfer-encoding", "gzip")], status: 400),
        Case(fields: [("transfer-encoding", "gzip")], status: 400),
        Case(fields: [("transfer-encoding", "identity")], status: 400),
        Case(fields: [("transfer-encoding", "chunked;x=1")], status: 400),
        Case(fields: [("transfer-encoding", "")], status: 400),
        Case(fields: [("transfer-encoding", "g(z), chunked")], status: 400),
        Case(fields: [("transfer-encoding", "chunked"), ("content-length", "5")], status: 400),
        Case(fields: [("content-length", "0"), ("transfer-encoding", "chunked")], status: 400),
        Case(fields: [("transfer-encoding", "chunked")], version: .http1_0, status: 400),
        Case(fields: [("content-length", "3")], version: .http1_0, framing: .contentLength(3)),
    ]

    @Test(arguments: cases)
    func framing(_ example: Case) {
        var headers = HTTPHeaders()
        for (name, value) in example.fields { headers.add(name, value) }
        let head = HTTPRequestHead(method: .post, target: "/", path: "/", version: example.version, headers: headers)
        do {
            let framing = try BodyFraming(head: head, maxBodyBytes: 1000)
            #expect(framing == example.framing, "expected refusal with \(example.status)")
        } catch {
            #expect(example.framing == nil, "refused with \(error)")
            #expect(error.status.code == example.status)
        }
    }

    @Test func headerNamesAreCaseInsensitive() throws {
        var headers = HTTPHeaders()
        headers.add("Content-Length", "12")
        let head = HTTPRequestHead(method: .put, target: "/", path: "/", headers: headers)
        #expect(try BodyFraming(head: head, maxBodyBytes: 100) == .contentLength(12))
    }
}
