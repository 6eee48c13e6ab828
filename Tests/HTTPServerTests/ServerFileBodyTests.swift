import Glibc
import Testing

extension ServerTests {
    /// File bodies on the wire (docs/http.md "Bytes on the wire"): the server never sends fewer bytes
    /// than it announced and then carries on as if the response were complete; if the file shrinks, it
    /// aborts the connection so the client sees the short body as an error.
    @Suite struct FileBodies {
        static let sparseSize: Int64 = 64 << 20

        /// An empty fixture file extended (sparsely) to `sparseSize`; the content doesn't matter here.
        static func sparseFixture() throws -> FixtureFile {
            let file = try FixtureFile(bytes: [])
            try #require(truncate(file.path, off_t(sparseSize)) == 0)
            return file
        }

        @Test func fileThatShrinksAfterOpenAbortsTheConnection() async throws {
            let file = try Self.sparseFixture()
            let path = file.path
            let shrunk: Int64 = 1 << 20
            let responder = FileServingResponder(path: path) { truncate(path, off_t(shrunk)) }
            // A long write timeout: a server that stalls instead of aborting shows up as a timeout here.
            let server = try TestServer(responder: responder) { $0.writeTimeoutSeconds = 30 }
            let client = try server.client()
            try client.send("GET /shrinking HTTP/1.1\r\nHost: test\r\n\r\n")
            let head = try client.readResponse(bodyExpected: false)
            #expect(head.status == 200)
            #expect(head.contentLength == Int(Self.sparseSize))
            let (received, end) = await NewThread.run { client.drainUntilEnd() }
            #expect(end != .timedOut, "the connection stayed open after the file ran out")
            // What the file still had, and not one byte more; then the abort.
            #expect(received == Int(shrunk))
            await server.stop()
        }

        @Test func fileThatShrinksWhileASlowClientReadsAbortsTheConnection() async throws {
            let file = try Self.sparseFixture()
            let server = try TestServer(responder: FileServingResponder(path: file.path)) { $0.writeTimeoutSeconds = 30 }
            let client = try server.client()
            // A small receive window (no autotuning up to tens of MiB) keeps the server far from the end.
            client.setReceiveBufferSize(256 * 1024)
            try client.send("GET /shrinking HTTP/1.1\r\nHost: test\r\n\r\n")
            let head = try client.readResponse(bodyExpected: false)
            #expect(head.contentLength == Int(Self.sparseSize))
            // The client has read a little; the server is blocked on full socket buffers, far from the end.
            let first = try client.read(count: 1 << 20)
            try #require(truncate(file.path, off_t(2 << 20)) == 0)
            let (rest, end) = await NewThread.run { client.drainUntilEnd() }
            #expect(end != .timedOut, "the connection stayed open after the file ran out")
            #expect(first.count + rest < Int(Self.sparseSize))
            await server.stop()
        }
        /// Download managers hang up on unfinished segments all the time; the server must carry on.
        /// (The SIGPIPE that sendfile(2) raises then would kill a process that doesn't ignore it; the test
        /// runner may ignore SIGPIPE itself, so EndToEnd's aria2c test is the one that catches that.)
        @Test func clientHangingUpMidDownloadDoesNotTakeTheServerDown() async throws {
            let file = try Self.sparseFixture()
            let server = try TestServer(responder: FileServingResponder(path: file.path))
            for _ in 0..<3 {
                let quitter = try server.client()
                quitter.setReceiveBufferSize(64 * 1024)
                try quitter.send("GET /big HTTP/1.1\r\nHost: test\r\n\r\n")
                _ = try quitter.readResponse(bodyExpected: false)
                _ = try quitter.read(count: 1 << 20)
                quitter.close()
            }
            let next = try server.client()
            try next.send("HEAD /still-there HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try next.readResponse(bodyExpected: false).status == 200)
            await server.stop()
        }
    }
}
