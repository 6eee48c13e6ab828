import Foundation
import Glibc
import PackServeTesting
import RawHTTPClient
import Testing

/// The static files of `publicDirectory` against what a hostile client asks for (the process-level defects,
/// descriptors and memory, are the end-to-end suite's `HostileClients`).
@Suite struct PublicDirectory {
    /// GET `path` on a new connection; the status and everything the server sent.
    static func get(_ path: String, port: Int) throws -> (status: Int?, text: String) {
        let socket = try RawClient(port: port)
        try socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let text = String(decoding: socket.readUntilEnd().bytes, as: UTF8.self)
        return (text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }, text)
    }

    /// Defects 3, 6 and 8: a FIFO froze an event loop; a symbolic link served the signing key; an
    /// overlong segment or a loop of links gave 500.
    @Test func oddFilesInThePublicDirectoryAreNotFound() async throws {
        let server = try await InProcessPackServe.start()
        let dataDirectory = server.application.configuration.dataDirectory
        let keyPath = "\(dataDirectory)/keys/manifest-signing.key"
        #expect(FileManager.default.fileExists(atPath: keyPath))
        let publicDirectory = server.application.configuration.publicDirectory
        #expect(mkfifo("\(publicDirectory)/pipe", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/key", withDestinationPath: keyPath)
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/data", withDestinationPath: dataDirectory)
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/loop-a", withDestinationPath: "loop-b")
        try FileManager.default.createSymbolicLink(atPath: "\(publicDirectory)/loop-b", withDestinationPath: "loop-a")
        try Data("<h1>hi</h1>".utf8).write(to: URL(fileURLWithPath: "\(publicDirectory)/index.html"))

        // Two FIFO requests froze both loops before; each must now be answered at once (a frozen loop would
        // leave the socket's 5 s receive timeout to end the read, with no status).
        for _ in 0..<3 { #expect(try Self.get("/pipe", port: server.port).status == 404) }
        for path in ["/key", "/data/keys/manifest-signing.key", "/loop-a", "/" + String(repeating: "n", count: 300)] {
            let answer = try Self.get(path, port: server.port)
            #expect(answer.status == 404, "\(path): \(answer.text.prefix(200))")
            #expect(!answer.text.contains("PRIVATE KEY"))
        }
        #expect(try Self.get("/", port: server.port).text.hasSuffix("<h1>hi</h1>"))
        // `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7).
        let socket = try RawClient(port: server.port)
        try socket.send("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let options = String(decoding: socket.readUntilEnd().bytes, as: UTF8.self)
        #expect(options.hasPrefix("HTTP/1.1 200 "), "\(options)")
        #expect(options.contains("Allow: GET, HEAD, OPTIONS"))
        await server.stop()
    }
}
