/// The application side of the server: turns one request into one response.
///
/// `respond` runs synchronously on the connection's event loop, so it must not block: look values up in
/// memory, open files, build headers. Bodies that are files are sent later with sendfile(2) by the server.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}

