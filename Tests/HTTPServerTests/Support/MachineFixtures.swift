import HTTP1
@testable import HTTPServer
import ProxyProtocol

/// Values to start a `ConnectionMachine` in any state and to give it any event, for the table tests:
/// plain values, a manual clock (`start`), no socket and no thread.
enum MachineFixtures {
    static let start: Int64 = 1000
    static let limits = ConnectionLimits(HTTPServerConfiguration())

    static func head(_ text: String) -> HTTPRequestHead {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBytes { RequestHeadParser.parse($0, maxHeaderBytes: 16_384, maxBodyBytes: .max) }
        guard case .complete(let head, _, _) = result else { fatalError("not a head: \(text)") }
        return head
    }

    static let get = head("GET /x HTTP/1.1\r\nHost: test\r\n\r\n")

    /// The request `get`, and the promise the application gave for it, if any.
    static func awaiting(promised: DeferredResponse? = nil) -> RequestInProgress {
        let request = RequestInProgress(head: get)
        request.promised = promised
        return request
    }
    static let put = head("PUT /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n")
    static let getBytes = Array("GET /x HTTP/1.1\r\nHost: test\r\n\r\n".utf8)

    /// A `put` whose body is being read (streamed, 64 bytes ahead of its consumer).
    static func body(promised: DeferredResponse? = nil) -> BodyInProgress {
        let request = unread(promised: promised)
        let stream = request.body!
        return BodyInProgress(
            request: request, reader: RequestBodyReader(framing: .contentLength(10), maxBodyBytes: 1 << 20, stream: stream),
            clock: BodyClock(pace: limits.defaultBodyPace, startedAt: start))
    }

    /// A `put` handed to the application with its body unread.
    static func unread(promised: DeferredResponse? = nil) -> RequestInProgress {
        let request = RequestInProgress(head: put, body: RequestBody(contentLength: 10, highWater: 64))
        request.promised = promised
        return request
    }

    /// The terms of a first read that takes the 10-byte `put`.
    static let terms = BodyTerms(maxBytes: 1 << 20, pace: nil)

    static func machine(in state: ConnectionState) -> ConnectionMachine {
        var machine = ConnectionMachine(limits: limits, acceptedAt: start)
        machine.state = state
        return machine
    }

    static func response(_ text: String = "ok") -> HTTPResponse {
        HTTPResponse(status: .ok, body: .string(text))
    }

    static let proxyHeader: ProxyHeader = {
        let bytes = Array("PROXY TCP4 203.0.113.7 127.0.0.1 1 2\r\n".utf8)
        guard case .parsed(let header) = bytes.withUnsafeBytes({ ProxyProtocolParser.parse($0) }) else { fatalError() }
        return header
    }()
}

/// The names the tables use for states and actions.
extension ConnectionState {
    var name: String {
        switch self {
        case .awaitingProxyHeader: "awaitingProxyHeader"
        case .handshaking: "handshaking"
        case .idle: "idle"
        case .readingHead: "readingHead"
        case .bodyUnread: "bodyUnread"
        case .readingBody: "readingBody"
        case .awaitingConsumer: "awaitingConsumer"
        case .awaitingResponse: "awaitingResponse"
        case .writing: "writing"
        case .lingering: "lingering"
        case .closed: "closed"
        }
    }

    static let allNames = [
        "awaitingProxyHeader", "handshaking", "idle", "readingHead", "bodyUnread", "readingBody",
        "awaitingConsumer", "awaitingResponse", "writing", "lingering", "closed",
    ]
}

extension ConnectionAction {
    var name: String {
        switch self {
        case .wait: "wait"
        case .read: "read"
        case .readProxyHeader: "readProxyHeader"
        case .handshake: "handshake"
        case .flush: "flush"
        case .callApplication: "callApplication"
        case .send: "send"
        case .sendContinue: "sendContinue"
        case .refuse: "refuse"
        case .refuseProxy: "refuseProxy"
        case .handshakeFailed: "handshakeFailed"
        case .startLingering: "startLingering"
        case .yield: "yield"
        case .close(let orderly): orderly ? "close" : "abort"
        }
    }
}
