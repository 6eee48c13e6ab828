import Foundation
import PackServeTesting
import RawHTTPClient
import Testing

/// Issue 19, finding 1, in-process: with a wrong token, or none, a body is answered 401 before a byte of it
/// is sent (before, the server waited for the body to read it, then checked the token). The slower findings
/// (timeouts, upload slots, full disks) are the end-to-end suite's `AdminHostileClients`.
@Suite struct AdminStrangers {
    @Test func aStrangersBodyIsAnsweredBeforeItIsSent() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "publish"])
        for path in ["/admin/publish", "/admin/rollback", "/admin/urls", "/admin/packs/x"] {
            let method = path == "/admin/packs/x" ? "PATCH" : "POST"
            for authorization in ["", "Authorization: Bearer not-a-token\r\n"] {
                let socket = try RawClient(port: session.server.port, receiveTimeoutSeconds: 3)
                try socket.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(authorization)Content-Length: 60000\r\n\r\n")
                let (bytes, end) = socket.readUntilEnd()
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.hasPrefix("HTTP/1.1 401 "), "\(method) \(path) [\(authorization)]: \(text)")
                #expect(end != .timedOut, "the connection ends after refusing an unread body")
            }
        }
        await session.server.stop()
    }
}
