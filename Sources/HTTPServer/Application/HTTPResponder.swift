/// The application side of the server: turns one request into one response. Called once per request, as
/// soon as its head is complete; a body is not read before the application asks (`RequestBody`).
///
/// `respond` runs synchronously on the connection's event loop, so it must not block: look values up in
/// memory, open files, build headers. Bodies that are files are sent later with sendfile(2) by the server.
/// Work that may block (fsync, a database transaction, reading a streamed body) belongs on another thread:
/// return `HTTPResponse.deferred(_:)` and complete the `DeferredResponse` from there, or
/// `HTTPResponse.readingBody(of:upTo:pace:then:)` to be called on a worker with the whole body.
///
/// A route that takes no body answers without reading it: the body never travels, and the connection
/// closes after the answer.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}
