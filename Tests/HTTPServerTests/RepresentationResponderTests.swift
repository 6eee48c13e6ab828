import Glibc
import HTTP1
import Testing
@testable import HTTPServer

/// The file responder on real temporary files: statuses, headers, and the exact bytes its body
/// segments describe (read back here with pread, as sendfile would send them).
struct RepresentationResponderTests {
    static let cacheControl = "public, max-age=60"
    static let boundary = "TESTBOUNDARY"
    let file: FixtureFile
    let representation: Representation
    let responder = RepresentationResponder(maxRanges: 16)

    init() throws {
        file = try FixtureFile(bytes: (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        representation = Representation(
            content: .file(try file.open()), contentType: "application/zip",
            entityTag: EntityTag(opaqueTag: "abc123")!, lastModified: 784_111_777, cacheControl: Self.cacheControl)
    }

    func respond(_ method: HTTPMethod = .get, _ fields: [(String, String)] = [], to rep: Representation? = nil) -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in fields { headers.add(name, value) }
        let head = HTTPRequestHead(method: method, target: "/packs/p", path: "/packs/p", headers: headers)
        return responder.respond(to: head, with: rep ?? representation, makeBoundary: { Self.boundary })
    }

    func expectRepresentationHeaders(_ response: HTTPResponse) {
        #expect(response.headers["ETag"] == "\"abc123\"")
        #expect(response.headers["Last-Modified"] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(response.headers["Cache-Control"] == Self.cacheControl)
        // The server's writer owns these.
        #expect(!response.headers.contains("Date"))
        #expect(!response.headers.contains("Content-Length"))
        #expect(!response.headers.contains("Connection"))
    }

    @Test(arguments: [HTTPMethod.get, .head])
    func servesTheWholeFile(method: HTTPMethod) throws {
        let response = respond(method)
        #expect(response.status == .ok)
        expectRepresentationHeaders(response)
        #expect(response.headers["Accept-Ranges"] == "bytes")
        #expect(response.headers["Content-Type"] == "application/zip")
        #expect(!response.headers.contains("Content-Range"))
        // For HEAD the writer drops the body, but its count is still the Content-Length.
        #expect(try FixtureFile.wireBytes(response.body) == file.bytes)
    }

    @Test(arguments: [HTTPMethod.post, .put, .delete, .options])
    func refusesOtherMethods(method: HTTPMethod) {
        let response = respond(method, [("if-none-match", "\"abc123\"")])
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test(arguments: [
        ("bytes=0-0", ByteRange(first: 0, last: 0)),
        ("bytes=500-", ByteRange(first: 500, last: 999)),
        ("bytes=-100", ByteRange(first: 900, last: 999)),
        ("bytes=990-5000", ByteRange(first: 990, last: 999)),
        ("bytes=0-4,5-9", ByteRange(first: 0, last: 9)),
        ("bytes=-5000", ByteRange(first: 0, last: 999)),
    ])
    func servesOneRange(field: String, range: ByteRange) throws {
        let response = respond(.get, [("range", field)])
        #expect(response.status == .partialContent)
        expectRepresentationHeaders(response)
        #expect(response.headers["Accept-Ranges"] == "bytes")
        #expect(response.headers["Content-Type"] == "application/zip")
        #expect(response.headers["Content-Range"] == "bytes \(range.first)-\(range.last)/1000")
        #expect(try FixtureFile.wireBytes(response.body) == Array(file.bytes[Int(range.first)...Int(range.last)]))
    }

    @Test func servesSeveralRangesAsMultipart() throws {
        let response = respond(.get, [("range", "bytes=100-109, 0-1,,997-")])
        #expect(response.status == .partialContent)
        expectRepresentationHeaders(response)
        #expect(response.headers["Content-Type"] == "multipart/byteranges; boundary=\(Self.boundary)")
        #expect(!response.headers.contains("Content-Range"))
        var expected: [UInt8] = []
        for (first, last) in [(0, 1), (100, 109), (997, 999)] {
            expected += Array("\r\n--\(Self.boundary)\r\nContent-Type: application/zip\r\nContent-Range: bytes \(first)-\(last)/1000\r\n\r\n".utf8)
            expected += file.bytes[first...last]
        }
        expected += Array("\r\n--\(Self.boundary)--\r\n".utf8)
        let body = try FixtureFile.wireBytes(response.body)
        #expect(body == expected)
        #expect(response.body.count == Int64(expected.count))
    }

    @Test(arguments: ["bytes=1000-", "bytes=-0", "bytes=5000-6000,1000-"])
    func answersUnsatisfiableRangesWith416(field: String) {
        let response = respond(.get, [("range", field)])
        #expect(response.status == .rangeNotSatisfiable)
        #expect(response.headers["Content-Range"] == "bytes */1000")
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.body.count > 0)
    }

    @Test(arguments: [
        [("range", "bytes=5-1")],
        [("range", "items=0-1")],
        // 17 disjoint one-byte ranges, `bytes=0-0,2-2,4-4,…`: more than maxRanges.
        [("range", "bytes=" + (0..<17).map { "\($0 * 2)-\($0 * 2)" }.joined(separator: ","))],
        [("range", "bytes=0-,0-")],
        [("range", "bytes=0-0"), ("range", "bytes=2-2")],
        [("range", "bytes=0-0"), ("if-range", "\"other\"")],
        [("range", "bytes=0-0"), ("if-range", "W/\"abc123\"")],
        [("range", "bytes=0-0"), ("if-range", "Sun, 06 Nov 1994 08:49:38 GMT")],
    ])
    func ignoresRangeAndSendsEverything(fields: [(String, String)]) throws {
        let response = respond(.get, fields)
        #expect(response.status == .ok)
        #expect(try FixtureFile.wireBytes(response.body) == file.bytes)
    }

    @Test func headWithRangeIsAFullLength200() {
        let response = respond(.head, [("range", "bytes=0-0")])
        #expect(response.status == .ok)
        #expect(response.body.count == 1000)
    }

    @Test(arguments: ["\"abc123\"", "Sun, 06 Nov 1994 08:49:37 GMT"])
    func honoursRangeWhenIfRangeHolds(ifRange: String) throws {
        let response = respond(.get, [("range", "bytes=10-19"), ("if-range", ifRange)])
        #expect(response.status == .partialContent)
        #expect(try FixtureFile.wireBytes(response.body) == Array(file.bytes[10...19]))
    }

    @Test(arguments: [
        [("if-none-match", "\"abc123\"")],
        [("if-none-match", "W/\"abc123\""), ("range", "bytes=0-0")],
        [("if-modified-since", "Sun, 06 Nov 1994 08:49:37 GMT")],
    ])
    func answersNotModified(fields: [(String, String)]) {
        let response = respond(.get, fields)
        #expect(response.status == .notModified)
        expectRepresentationHeaders(response)
        #expect(response.body.count == 0)
        #expect(!response.headers.contains("Content-Range"))
    }

    @Test(arguments: [
        [("if-match", "\"other\"")],
        [("if-unmodified-since", "Sun, 06 Nov 1994 08:49:36 GMT")],
        [("if-match", "\"other\""), ("if-none-match", "\"abc123\"")],
    ])
    func answersPreconditionFailed(fields: [(String, String)]) {
        let response = respond(.get, fields)
        #expect(response.status == .preconditionFailed)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test(arguments: ["bytes=0-0", "bytes=-5", "bytes=0-"])
    func emptyFileWithRangeIsAnEmpty200(field: String) throws {
        let empty = try FixtureFile(bytes: [])
        let rep = Representation.staticFile(try empty.open(), path: "/empty.txt")
        let response = respond(.get, [("range", field)], to: rep)
        #expect(response.status == .ok)
        #expect(response.body.count == 0)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test func staticRepresentationDerivesItsValidators() throws {
        let opened = try file.open()
        let rep = Representation.staticFile(opened, path: "/site/app.JS", cacheControl: "no-cache")
        #expect(rep.contentType == "text/javascript; charset=utf-8")
        #expect(rep.lastModified == opened.modificationTime)
        #expect(rep.entityTag.opaqueTag == String(opened.modificationTime, radix: 16) + "-3e8")
        #expect(!rep.entityTag.isWeak)
        #expect(rep.cacheControl == "no-cache")
        #expect(Representation.staticEntityTag(modificationTime: 0x5f5e_1000, size: 0).description == "\"5f5e1000-0\"")
    }

    /// A file's Last-Modified and static tag come from its own fstat, made when it is opened; a
    /// representation given another date sends that one.
    @Test func aFileBringsItsOwnLastModifiedAndTag() throws {
        let opened = try file.open()
        let served = respond(to: Representation.staticFile(opened, path: "/a.zip"))
        #expect(served.headers["Last-Modified"] == HTTPDate.format(opened.modificationTime))
        #expect(served.headers["ETag"] == Representation.staticEntityTag(
            modificationTime: opened.modificationTime, size: opened.size).description)
        #expect(respond().headers["Last-Modified"] == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}

/// A file with known bytes in the temp directory, removed when released.
final class FixtureFile: Sendable {
    let path: String
    let bytes: [UInt8]

    struct Failure: Error { let what: String }

    init(bytes: [UInt8]) throws {
        var template = Array("/tmp/packserve-test-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw Failure(what: "mkstemp") }
        defer { close(fd) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.bytes = bytes
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure(what: "write") }
    }

    func open() throws -> OpenFile {
        try OpenFile.open(path: path)
    }

    deinit { unlink(path) }

    /// The bytes a body puts on the wire: in-memory segments as they are, file segments read with pread.
    static func wireBytes(_ body: HTTPBody) throws -> [UInt8] {
        var out: [UInt8] = []
        for segment in body.segments {
            switch segment {
            case .bytes(let bytes):
                out += bytes
            case .file(let file, let offset, let count):
                var chunk = [UInt8](repeating: 0, count: Int(count))
                let read = chunk.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, Int(count), off_t(offset)) }
                guard read == Int(count) else { throw Failure(what: "short pread") }
                out += chunk
            }
        }
        return out
    }
}
