import Testing

extension ServerTests {
    /// What the server reports about where it listens; `packserve` logs it, and tooling reads the port
    /// from that log line when it asked for port 0.
    @Suite struct Listening {
        @Test func boundAddressesNameTheEphemeralPortActuallyBound() async throws {
            let server = try TestServer()
            #expect(server.port > 0)
            #expect(server.server.boundAddresses == ["127.0.0.1:\(server.port)"])
            await server.stop()
        }
    }
}
