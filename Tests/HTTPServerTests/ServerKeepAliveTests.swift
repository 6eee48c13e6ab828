import Testing

extension ServerTests {
    /// Persistence (RFC 9112 §9.3): HTTP/1.1 stays open unless told to close, HTTP/1.0 closes unless
    /// asked to stay; HEAD is framed by its head alone; idle connections are reclaimed.
    @Suite struct KeepAlive {
        @Test func http11ConnectionStaysOpenByDefault() async throws {
            let server = try TestServer()
            let client = try server.client()
            for path in ["/first", "/second", "/third"] {
                let response = try client.roundTrip("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n")
                #expect(response.status == 200)
                #expect(response.bodyText == "GET \(path)")
                #expect(response["Connection"] == nil)
            }
            await server.stop()
        }

        @Test func connectionCloseIsHonoured() async throws {
            let server = try TestServer()
            let client = try server.client()
            let response = try client.roundTrip("GET /bye HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.closesConnection)
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }

        @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
            let server = try TestServer()
            let plain = try server.client()
            let first = try plain.roundTrip("GET /old HTTP/1.0\r\n\r\n")
            #expect(first.status == 200)
            #expect(first.bodyText == "GET /old")
            #expect(first.closesConnection)
            plain.expectOrderlyCloseWithNothingMore()

            let persistent = try server.client()
            for path in ["/a", "/b"] {
                let response = try persistent.roundTrip("GET \(path) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                #expect(response.bodyText == "GET \(path)")
                #expect(response["Connection"]?.lowercased() == "keep-alive")
            }
            await server.stop()
        }

        @Test func headAnnouncesTheLengthButSendsNoBody() async throws {
            let server = try TestServer()
            let client = try server.client()
            // Pipelined: if the HEAD response carried body bytes, the GET's status line would not follow.
            try client.send("HEAD /resource HTTP/1.1\r\nHost: test\r\n\r\nGET /next HTTP/1.1\r\nHost: test\r\n\r\n")
            let head = try client.readResponse(bodyExpected: false)
            #expect(head.status == 200)
            #expect(head.contentLength == "HEAD /resource".utf8.count)
            let next = try client.readResponse()
            #expect(next.status == 200)
            #expect(next.bodyText == "GET /next")
            await server.stop()
        }

        @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
            let server = try TestServer { $0.idleTimeoutSeconds = 2 }
            let client = try server.client(receiveTimeoutSeconds: 6)
            #expect(try client.roundTrip("GET /once HTTP/1.1\r\nHost: test\r\n\r\n").status == 200)
            let clock = ContinuousClock()
            let idleSince = clock.now
            let (rest, end) = client.readUntilEnd()
            let idle = clock.now - idleSince
            #expect(rest.isEmpty)
            #expect(end == .closed)
            // Kept open for the idle period (not closed right after the response), then closed. The server
            // counts whole seconds on a once-a-second sweep, so "2 s" means somewhere in 1…3 s.
            #expect(idle >= .seconds(1), "closed after \(idle)")
            await server.stop()
        }
    }
}
