import Foundation
import Glibc
import HTTP1
import HTTPServer
import RawHTTPClient
import Synchronization
import Testing
import Polling

extension ServerTests {
    /// Streamed request bodies and deferred responses over real sockets: a consumer thread reads the body
    /// as it arrives and answers from its own thread; the connection stops reading while it is behind.
    @Suite struct StreamedBodies {
        /// FNV-1a, enough to tell a body that arrived intact from one that did not.
        static func checksum(_ bytes: some Sequence<UInt8>, from start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
            var hash = start
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }

        /// Streams every upload to a thread that checksums it and answers `<bytes> <checksum>` from there;
        /// `pauseAfter` holds that thread once it has read so many bytes, until `gate` is signalled.
        final class ChecksumUploads: Sendable {
            let outcomes = Mutex<[BodyConsumer.Outcome]>([])
            let gate = DispatchSemaphore(value: 0)
            let consumedBeforePause = Mutex(0)

            func responder(pauseAfter: Int? = nil) -> StreamingResponder {
                StreamingResponder { [self] upload in
                    let thread = Thread { [self] in
                        var hash = StreamedBodies.checksum([])
                        var count = 0
                        var paused = false
                        do throws(RequestBodyStream.Failure) {
                            while let chunk = try upload.stream.next() {
                                hash = StreamedBodies.checksum(chunk, from: hash)
                                count += chunk.count
                                if let pauseAfter, !paused, count >= pauseAfter {
                                    paused = true
                                    consumedBeforePause.withLock { $0 = count }
                                    gate.wait()
                                }
                            }
                            outcomes.withLock { $0.append(.complete([])) }
                            upload.response.complete(StreamingResponder.text("\(count) \(hash)", status: HTTPStatus(201, "Created")))
                        } catch {
                            outcomes.withLock { $0.append(.failed(error)) }
                            upload.response.complete(StreamingResponder.text("failed"))
                        }
                    }
                    thread.start()
                }
            }

            func waitForOutcome() -> BodyConsumer.Outcome? {
                Poll.blockingUntil(within: .seconds(5)) { outcomes.withLock { !$0.isEmpty } }
                return outcomes.withLock { $0.first }
            }
        }

        @Test func aLargeContentLengthBodyIsStreamedAndAPipelinedRequestWaitsItsTurn() async throws {
            let uploads = ChecksumUploads()
            let server = try TestServer(responder: uploads.responder())
            let body = RandomBytes.make(count: 16 << 20)
            let client = try server.client(receiveTimeoutSeconds: 20)
            let head = "PUT /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n\r\n"
            let after = "GET /after HTTP/1.1\r\nHost: test\r\n\r\n"
            let responses = try await NewThread.run { () -> Result<[RawResponse], RawClientError> in
                Result { () throws(RawClientError) in
                    try client.send(Array(head.utf8) + body + Array(after.utf8))
                    return [try client.readResponse(), try client.readResponse()]
                }
            }.get()
            #expect(responses.map(\.status) == [201, 200])
            #expect(responses[0].bodyText == "\(body.count) \(Self.checksum(body))")
            #expect(responses[1].bodyText == "GET /after")
            await server.stop()
        }

        @Test func aChunkedBodyIsStreamedIntact() async throws {
            let uploads = ChecksumUploads()
            let server = try TestServer(responder: uploads.responder())
            let body = RandomBytes.make(count: 4 << 20)
            var wire = Array("PUT /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            for start in stride(from: 0, to: body.count, by: 50_000) {
                let piece = body[start..<min(start + 50_000, body.count)]
                wire += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
            }
            wire += Array("0\r\n\r\n".utf8)
            let request = wire
            let client = try server.client(receiveTimeoutSeconds: 20)
            let response = try await NewThread.run { () -> Result<RawResponse, RawClientError> in
                Result { () throws(RawClientError) in
                    try client.send(request)
                    return try client.readResponse()
                }
            }.get()
            #expect(response.status == 201)
            #expect(response.bodyText == "\(body.count) \(Self.checksum(body))")
            await server.stop()
        }

        @Test func aClientThatDisconnectsMidBodyFailsTheConsumersStream() async throws {
            let uploads = ChecksumUploads()
            let server = try TestServer(responder: uploads.responder())
            let client = try server.client()
            try client.send("PUT /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 1000000\r\n\r\n")
            try client.send(RandomBytes.make(count: 300_000))
            client.close()
            let outcome = await NewThread.run { uploads.waitForOutcome() }
            #expect(outcome == .failed(.connectionClosed))
            await server.stop()
        }

        /// While the consumer holds still, the server stops reading: the client can push no more than the
        /// kernel's socket buffers and the stream's 1 MiB, far less than the body.
        @Test func aConsumerThatHoldsStillStopsTheClient() async throws {
            let uploads = ChecksumUploads()
            let server = try TestServer(responder: uploads.responder(pauseAfter: 1 << 20))
            let client = try server.client(receiveTimeoutSeconds: 20)
            let total = 64 << 20
            try client.send("PUT /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(total)\r\n\r\n")
            let piece = [UInt8](repeating: 0x61, count: 1 << 16)
            var accepted = 0
            // Push without blocking until the kernel refuses; then wait for the socket to take bytes again (the
            // server reading makes room). Full for a whole second: everything ahead of the client is full.
            while accepted < total {
                let n = piece.withUnsafeBytes { send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                if n > 0 {
                    accepted += n
                    continue
                }
                var room = pollfd(fd: client.descriptor, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&room, 1, 1_000)
                if ready == 0 || room.revents & Int16(POLLERR | POLLHUP) != 0 { break }
            }
            #expect(uploads.consumedBeforePause.withLock { $0 } >= 1 << 20)
            #expect(accepted < 16 << 20, "the client pushed \(accepted) bytes into a stalled upload")
            uploads.gate.signal()
            let rest = total - accepted
            let response = try await NewThread.run { () -> Result<RawResponse, RawClientError> in
                Result { () throws(RawClientError) in
                    var left = rest
                    while left > 0 {
                        let count = min(left, piece.count)
                        try client.send(Array(piece[0..<count]))
                        left -= count
                    }
                    return try client.readResponse()
                }
            }.get()
            #expect(response.status == 201)
            #expect(response.bodyText.hasPrefix("\(total) "))
            await server.stop()
        }
    }
}
