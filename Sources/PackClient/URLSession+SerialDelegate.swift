import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// An ephemeral session whose delegate callbacks arrive one at a time, in order (a body is appended
    /// to a file or a buffer as it comes).
    static func serial(
        delegate: any URLSessionDelegate, userAgent: String, timeout: TimeInterval,
        headers: [String: String] = [:]
    ) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpAdditionalHeaders = headers.merging(["User-Agent": userAgent]) { $1 }
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }
}
