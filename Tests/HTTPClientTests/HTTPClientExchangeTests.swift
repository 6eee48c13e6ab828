import Foundation
import HTTP1
import HTTPClient
import Synchronization
import Testing

/// The client against scripted servers on real loopback sockets: every body framing, connection reuse
/// and its limits, `100-continue`, and one line for every way a request can fail.
@Suite struct HTTPClientExchangeTests {
    static func client() throws -> HTTPClient { try HTTPClient(userAgent: "test", timeout: 5) }

    /// The body the client delivered, piece by piece.
    static func get(_ client: HTTPClient, _ url: String, method: String = "GET") throws -> (head: ClientResponseHead, body: [UInt8]) {
        let body = Mutex<[UInt8]>([])
        let head = try client.perform(ClientRequest(method: method, url: URL(string: url)!), body: { bytes in body.withLock { $0 += bytes } })
        return (head, body.withLock { $0 })
    }

    static func failure(_ work: () throws -> Void) -> HTTPClientError? {
        do { try work() } catch let error as HTTPClientError { return error } catch { Issue.record("\(error)") }
        return nil
    }

    @Test func lengthChunkedAndCloseDelimitedBodiesArriveWhole() throws {
        let server = try ScriptedServer { peer in
            while let head = peer.readHead() {
                if head.hasPrefix("GET /length") {
                    peer.write("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello")
                    peer.write(" world")
                } else if head.hasPrefix("GET /chunked") {
                    // Cuts inside a size line, inside data and before the trailer.
                    for piece in ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r", "\nhel", "lo\r\n6;x=y\r\n world\r\n0\r\n", "T: 1\r\n\r\n"] {
                        peer.write(piece)
                    }
                } else {
                    peer.write("HTTP/1.1 200 OK\r\n\r\nuntil the end")
                    return
                }
            }
        }
        let client = try Self.client()
        #expect(try Self.get(client, "\(server.url)/length").body == Array("hello world".utf8))
        #expect(try Self.get(client, "\(server.url)/chunked").body == Array("hello world".utf8))
        #expect(try Self.get(client, "\(server.url)/close").body == Array("until the end".utf8))
        // The first two on one connection; the close-delimited one could not be reused but came on it too.
        #expect(server.connections == 1)
    }

    @Test func theRequestHeadCarriesHostUserAgentAndTheCallersFields() throws {
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 204 No Content\r\n\r\n")
        }
        let request = ClientRequest(url: URL(string: "\(server.url)/a%20b/c?x=1&y=%2F")!, headers: [(name: "Range", value: "bytes=0-1")])
        _ = try Self.client().perform(request)
        #expect(server.heads == ["GET /a%20b/c?x=1&y=%2F HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nUser-Agent: test\r\nRange: bytes=0-1\r\n\r\n"])
    }

    @Test func aConnectionTheServerClosedWhileIdleIsReplacedForAnIdempotentRequest() throws {
        // Each connection answers one request and then closes without saying so (no Connection: close).
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        }
        let client = try Self.client()
        #expect(try Self.get(client, "\(server.url)/1").body == Array("ok".utf8))
        #expect(try Self.get(client, "\(server.url)/2").body == Array("ok".utf8))
        #expect(server.connections == 2)
        #expect(server.heads.count == 2)
    }

    @Test func aPOSTNeverGoesOnAConnectionThatMayHaveBeenClosed() throws {
        let server = try ScriptedServer { peer in
            while peer.readHead() != nil { peer.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n") }
        }
        let client = try Self.client()
        _ = try Self.get(client, "\(server.url)/first")
        _ = try client.perform(ClientRequest(method: "POST", url: URL(string: "\(server.url)/publish")!, body: .bytes(Array("{}".utf8))))
        #expect(server.connections == 2)
        #expect(server.heads.last?.contains("Content-Length: 2") == true)
    }

    @Test func aFileBodyWaitsForContinueAndIsNotSentWhenRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        try Data(repeating: 7, count: 300_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let received = Mutex<[UInt8]>([])
        let sentAfterRefusal = Mutex<[UInt8]?>(nil)
        let recorded = DispatchSemaphore(value: 0)
        let server = try ScriptedServer { peer in
            guard let head = peer.readHead() else { return }
            if head.contains("/refused") {
                peer.write("HTTP/1.1 401 Unauthorized\r\nContent-Length: 6\r\n\r\ndenied")
                // Anything the client sent anyway would be here (read once the client closes).
                let rest = peer.read(count: 1)
                sentAfterRefusal.withLock { $0 = rest }
                recorded.signal()
            } else {
                peer.write("HTTP/1.1 100 Continue\r\n\r\n")
                received.withLock { $0 = peer.read(count: 300_000) }
                peer.write("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")
            }
        }
        // The server answers the head at once; the long wait only keeps a loaded machine from sending the body
        // early (after `continueTimeout` the client sends it anyway, as it must).
        let client = try HTTPClient(userAgent: "test", timeout: 30, continueTimeout: 30)
        let sent = Mutex<Int64>(0)
        let body = ClientRequest.Body.file(path: file.path, length: 300_000)
        let created = try client.perform(ClientRequest(method: "PUT", url: URL(string: "\(server.url)/ok")!, body: body), sent: { total in sent.withLock { $0 = total } })
        #expect(created.status == 201)
        #expect(received.withLock { $0 == [UInt8](repeating: 7, count: 300_000) })
        #expect(sent.withLock { $0 } == 300_000)
        #expect(server.heads.first?.contains("Expect: 100-continue\r\n") == true)

        let put = try client.perform(ClientRequest(method: "PUT", url: URL(string: "\(server.url)/refused")!, body: body))
        #expect(put.status == 401)
        // The server's thread records what followed the refusal only when the client's close reaches it,
        // which under load can come after `perform` returns: wait for it to say so.
        #expect(recorded.wait(timeout: .now() + 10) == .success, "the server never saw the client's close")
        #expect(sentAfterRefusal.withLock { $0 } == [])
    }

    /// A span of a file (one part of a multipart upload) is sent from its offset, and nothing else of the file.
    @Test func aFileRangeBodySendsOnlyItsSpan() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("range-body-\(UUID().uuidString)")
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let received = Mutex<[UInt8]>([])
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 100 Continue\r\n\r\n")
            received.withLock { $0 = peer.read(count: 5_000) }
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        }
        let client = try HTTPClient(userAgent: "test", timeout: 30, continueTimeout: 30)
        let body = ClientRequest.Body.fileRange(path: file.path, offset: 1_234, length: 5_000)
        let sent = Mutex<Int64>(0)
        let answer = try client.perform(ClientRequest(method: "PUT", url: URL(string: "\(server.url)/part")!, body: body),
            sent: { total in sent.withLock { $0 = total } })
        #expect(answer.status == 200)
        #expect(received.withLock { $0 } == Array(bytes[1_234..<6_234]))
        #expect(sent.withLock { $0 } == 5_000)
        #expect(server.heads.first?.contains("Content-Length: 5000\r\n") == true)
    }

    @Test func everyFailureIsOneLineNamingTheOrigin() throws {
        let truncated = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")
        }
        let garbage = try ScriptedServer { peer in
            peer.readHead()
            peer.write("SSH-2.0-OpenSSH\r\n\r\n")
        }
        let silent = try ScriptedServer { peer in
            peer.readHead()
            _ = peer.read(count: 1)  // Answers nothing until the client gives up and closes.
        }
        let closedPort = try ScriptedServer { _ in }.port  // Released when the server goes out of scope.
        let cases: [(String, Double, String)] = [
            ("\(truncated.url)/x", 5, "\(truncated.url): the connection was closed (7 of 10 body bytes missing)"),
            ("\(garbage.url)/x", 5, "\(garbage.url): malformed response (not an HTTP/1.x status line)"),
            ("\(silent.url)/x", 1, "\(silent.url): timed out"),
            ("http://127.0.0.1:\(closedPort)/x?token=secret", 5, "cannot connect to http://127.0.0.1:\(closedPort): connection refused"),
            ("http://packserve-test.invalid/x", 5, "cannot connect to http://packserve-test.invalid: unknown host"),
        ]
        for (url, timeout, line) in cases {
            let client = try HTTPClient(userAgent: "test", timeout: timeout)
            let error = Self.failure { _ = try Self.get(client, url) }
            #expect(error?.description == line, "\(url)")
        }
    }

    @Test func aCAFileThatDoesNotLoadIsNamed() {
        #expect(throws: HTTPClientError.self) { try HTTPClient(userAgent: "test", caFile: "/nonexistent/ca.pem") }
        let error = Self.failure { _ = try HTTPClient(userAgent: "test", caFile: "/nonexistent/ca.pem") }
        #expect(error?.description.hasPrefix("cannot load CA certificates from /nonexistent/ca.pem:") == true)
    }
}
