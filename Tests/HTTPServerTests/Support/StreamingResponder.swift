import HTTP1
import HTTPServer
import Synchronization

/// Streams and defers, for the tests of `RequestBodyStream` and `DeferredResponse`:
/// - `/upload…` streams its body (at most `maxBytes`) and answers later; the test gets the stream and the
///   pending response through `uploads` and completes it itself;
/// - `/later…` (no body) answers later the same way, through `pending`;
/// - `/early…` answers 401 at once, before reading a byte;
/// - anything else is echoed, like `EchoResponder`.
final class StreamingResponder: HTTPResponder {
    struct Upload: Sendable {
        var head: HTTPRequestHead
        var stream: RequestBodyStream
        var response: DeferredResponse
    }

    let maxBytes: Int
    /// What arrived, in order; a test with `onUpload` set reads its uploads there instead.
    let uploads = Mutex<[Upload]>([])
    let pending = Mutex<[(target: String, response: DeferredResponse)]>([])
    private let onUpload: (@Sendable (Upload) -> Void)?

    /// - Parameter onUpload: called on the loop for each upload, e.g. to start a consumer at once.
    init(maxBytes: Int = 1 << 30, onUpload: (@Sendable (Upload) -> Void)? = nil) {
        self.maxBytes = maxBytes
        self.onUpload = onUpload
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path.hasPrefix("/early") {
            return .problem(HTTPStatus(401, "Unauthorized"), headers: ["WWW-Authenticate": "Bearer"])
        }
        if let body = request.body, request.path.hasPrefix("/upload") {
            let upload = Upload(head: request.head, stream: body.stream(maxBytes: maxBytes), response: DeferredResponse())
            if let onUpload { onUpload(upload) } else { uploads.withLock { $0.append(upload) } }
            return .deferred(upload.response)
        }
        if request.path.hasPrefix("/later") {
            let response = DeferredResponse()
            pending.withLock { $0.append((request.head.target, response)) }
            return .deferred(response)
        }
        return EchoResponder().respond(to: request)
    }

    var lastUpload: Upload? { uploads.withLock { $0.last } }

    static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain"], body: .string(text))
    }
}
