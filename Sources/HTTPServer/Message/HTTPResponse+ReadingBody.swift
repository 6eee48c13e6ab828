/// The one call for a handler that wants a small body whole: "read it, then call me with the bytes, on a
/// worker".
extension HTTPResponse {
    /// Reads `request`'s body whole (at most `limit` bytes, else 413; at `pace`, nil for the configured
    /// minimum rate) without blocking the loop, then calls `respond` on a worker thread with the request and
    /// the bytes (none for a request without a body); its answer is the response. When the body fails, the
    /// server has answered itself (400, 408, 413) or the client is gone, and `respond` is not called.
    public static func readingBody(
        of request: HTTPRequest, upTo limit: Int, pace: BodyPace? = nil,
        then respond: @escaping @Sendable (HTTPRequest, [UInt8]) -> HTTPResponse
    ) -> HTTPResponse {
        let pending = DeferredResponse()
        (request.body ?? RequestBody(bytes: [])).read(upTo: limit, pace: pace) { result in
            switch result {
            case .success(let bytes): pending.complete(respond(request, bytes))
            // Nobody waits for this answer any more: the connection answered or closed.
            case .failure: pending.complete(.problem(.badRequest, detail: "the request content did not arrive"))
            }
        }
        return .deferred(pending)
    }
}
