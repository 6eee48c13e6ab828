import HTTPServer
import Logging
import RawHTTPClient

/// An in-process `HTTPServer` on 127.0.0.1 with an ephemeral port, small limits and short timeouts, so
/// tests can reach every limit quickly. Stop it with `stop()`; tests that forget leak only a port.
final class TestServer: Sendable {
    let server: HTTPServer
    let port: Int

    /// The defaults every server test starts from; `configure` adjusts them per test.
    static func configuration(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
        var c = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        c.maxHeaderBytes = 4096
        c.headerTimeoutSeconds = 2
        c.idleTimeoutSeconds = 5
        c.writeTimeoutSeconds = 5
        c.drainTimeoutSeconds = 5
        c.eventLoopCount = 2
        configure(&c)
        return c
    }

    init(
        responder: any HTTPResponder = EchoResponder(),
        configure: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) throws {
        // No access log: thousands of requests would only add noise to the test output.
        let logger = Logger(label: "test-server") { _ in SwiftLogNoOpLogHandler() }
        server = HTTPServer(configuration: Self.configuration(configure), responder: responder, logger: logger)
        try server.start()
        port = server.localPort
    }

    func client(receiveTimeoutSeconds: Double = 5) throws(RawClientError) -> RawClient {
        try RawClient(port: port, receiveTimeoutSeconds: receiveTimeoutSeconds)
    }

    func stop() async {
        await server.shutdown()
    }
}
