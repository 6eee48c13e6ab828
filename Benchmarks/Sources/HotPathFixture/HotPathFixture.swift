import Foundation
import Glibc
import HTTPServer
import Manifest
import PackServer

/// One keep-alive connection asking for 4 KiB ranges of a static file: the server's own `Connection`
/// (through `InMemoryConnection`: no socket, no TLS) and the application's `PackServeResponder`, made with
/// public API only, so the benchmarks build in release without testable modules. Each request is parsed,
/// checked against the allowed hosts, routed, answered by the static-file responder (open-file cache,
/// range, validators), finished (cache headers, CORS, the route label), counted and queued as a response
/// head plus a file body, which is counted as sent (sendfile's work is the kernel's).
public final class HotPathFixture {
    /// The file bytes every answer carries.
    public static let rangeBytes = 4096
    private static let fileSize = 100 * 1024 * 1024
    private let root: String
    private let connection: InMemoryConnection
    /// 4,096 ranges spread over the file, the same in every run (so instruction counts compare exactly).
    private let requests: [[UInt8]]

    /// Makes the file and the responder, and checks that a request is answered with its range.
    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-hotpath-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // Sparse: only the file's size and metadata matter, its bytes are never read.
        let file = root + "/ranged-100m.bin"
        guard FileManager.default.createFile(atPath: file, contents: nil), truncate(file, off_t(Self.fileSize)) == 0 else {
            throw HotPathFixtureError.fileNotMade(path: file)
        }
        var application = PackServeConfiguration()
        application.publicDirectory = root
        application.publicBaseURL = "http://127.0.0.1:18080"
        let responder = try PackServeResponder(
            configuration: application, live: LiveRelease(), publicKeys: [SigningKey().publicKey])
        // Counted per route and status, as every event loop of the server counts its responses.
        var server = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        server.traffic = TrafficMetrics(routeNames: responder.routeNames)
        connection = InMemoryConnection(responder: responder, configuration: server)
        requests = (0..<4096).map { index in
            let start = index * 2_654_435_761 % (Self.fileSize - Self.rangeBytes)
            let range = "bytes=\(start)-\(start + Self.rangeBytes - 1)"
            return Array("GET /ranged-100m.bin HTTP/1.1\r\nHost: 127.0.0.1:18443\r\nRange: \(range)\r\n\r\n".utf8)
        }
        // A benchmark of a 404 or a closed connection would measure nothing worth keeping.
        request(0)
        guard fileBytesSent == Self.rangeBytes, !connection.isClosed else {
            throw HotPathFixtureError.notAnswered(fileBytes: fileBytesSent)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Sends request `index` (modulo 4,096) and returns once it is answered.
    public func request(_ index: Int) {
        connection.receive(requests[index & 4095])
    }

    /// File bytes answered so far: `rangeBytes` per request.
    public var fileBytesSent: Int { connection.fileBytesSent }
}
