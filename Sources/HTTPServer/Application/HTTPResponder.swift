/// The application side of the server: turns one request into one response.
///
/// `respond` runs synchronously on the connection's event loop, so it must not block: look values up in
/// memory, open files, build headers. Bodies that are files are sent later with sendfile(2) by the server.
/// Work that may block (fsync, a database transaction, reading a streamed body) belongs on another thread:
/// return `HTTPResponse.deferred(_:)` and complete the `DeferredResponse` from there.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// Asked once a request head announcing a body is complete, before any byte of that body is read:
    /// refuse it, read it whole, or stream it to the application. `origin` tells who is asking (a body
    /// may be refused to some clients before it travels). The default asks `refusal(ofBodyFor:)`
    /// and reads the body whole unless that refuses.
    func bodyHandling(for head: HTTPRequestHead, origin: RequestOrigin) -> RequestBodyHandling

    /// The short form of `bodyHandling(for:origin:)` for responders that never stream: return nil to have the
    /// body read (up to `maxBodyBytes`, at the configured minimum rate) and passed to `respond`; return the
    /// final response to send instead, without reading the body (then the connection closes, since the
    /// unread body would be taken for the next request).
    ///
    /// A route that takes no body should refuse here: a client could otherwise make the server hold
    /// `maxBodyBytes` per connection for bytes nobody will use.
    func refusal(ofBodyFor head: HTTPRequestHead) -> HTTPResponse?
}

extension HTTPResponder {
    /// By default no request body is read: 413 before the first byte (RFC 9110 §15.5.14).
    public func refusal(ofBodyFor head: HTTPRequestHead) -> HTTPResponse? {
        .problem(.contentTooLarge, detail: "This resource takes no request content.")
    }

    public func bodyHandling(for head: HTTPRequestHead, origin: RequestOrigin) -> RequestBodyHandling {
        refusal(ofBodyFor: head).map(RequestBodyHandling.refuse) ?? .read
    }
}
