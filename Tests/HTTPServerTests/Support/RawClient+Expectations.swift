import RawHTTPClient
import Testing

extension RawClient {
    /// Expects the server to end the connection in an orderly way (FIN, not a reset and not silence)
    /// without sending another byte.
    func expectOrderlyCloseWithNothingMore(sourceLocation: SourceLocation = #_sourceLocation) {
        let (rest, end) = readUntilEnd()
        #expect(rest.isEmpty, "bytes after the last response: \(String(decoding: rest.prefix(200), as: UTF8.self).debugDescription)",
                sourceLocation: sourceLocation)
        #expect(end == .closed, sourceLocation: sourceLocation)
    }
}
