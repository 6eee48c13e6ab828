import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers every request of a session whose configuration lists it in `protocolClasses` from the
/// `FakeServer` registered for the request's host. This works with corelibs Foundation on Linux as on
/// Apple platforms, so the transfer code under test is the real URLSession path.
final class FakeURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let host = request.url?.host, let server = FakeServer.registry.withLock({ $0[host] }) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let response = server.respond(to: request)
        let http = HTTPURLResponse(url: request.url!, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)!
        if let target = response.redirect {
            var next = request
            next.url = target
            client?.urlProtocol(self, wasRedirectedTo: next, redirectResponse: http)
            return
        }
        client?.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
        let limit = min(response.body.count, response.cutAfter ?? response.stallAfter ?? .max)
        var offset = 0
        while offset < limit {
            let end = min(offset + 65_536, limit)
            client?.urlProtocol(self, didLoad: Data(response.body[offset..<end]))
            offset = end
        }
        if response.cutAfter != nil {
            client?.urlProtocol(self, didFailWithError: URLError(.networkConnectionLost))
        } else if response.stallAfter != nil {
            server.noteStall()
        } else {
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    override func stopLoading() {}
}
