/// A request body read piece by piece as it arrives (`RequestBody.stream(maxBytes:pace:)`), for bodies too
/// large to hold in memory (uploads of several GiB).
///
/// One consumer thread calls `next()` until it returns nil (the whole body is here) or throws (the body
/// will never be whole). The connection reads from the socket only while the stream wants bytes: not
/// before the first `next()`, and not while `highWater` bytes wait for the consumer. Memory per upload is
/// therefore bounded by `highWater` plus one socket read, whatever the body's size.
///
/// `next()` blocks: call it on a thread of the application's own, never on an event loop.
public struct RequestBodyStream: Sendable {
    public typealias Failure = RequestBody.Failure

    let body: RequestBody

    /// The body's length when the request announced it with Content-Length; nil for chunked bodies.
    public var contentLength: Int? { body.contentLength }
    public var highWater: Int { body.highWater }

    /// The next piece of the body, in order; nil once the body is complete. Blocks while nothing is
    /// buffered. Throws when the body will never be complete; what was received is then worthless.
    public func next() throws(Failure) -> [UInt8]? {
        try body.next()
    }
}
