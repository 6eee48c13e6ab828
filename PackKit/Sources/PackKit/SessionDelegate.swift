import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's delegate for PackKit's session: routes each task's callbacks to its `ExchangeHandler`,
/// strips credentials from cross-origin redirects, and answers the private catalog's Basic challenge.
/// A session-wide delegate (not per-task delegates) because corelibs Foundation on Linux has only this.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = Locked([Int: ExchangeHandler]())
    private let credentials: CatalogCredentials?

    init(credentials: CatalogCredentials?) {
        self.credentials = credentials
    }

    func register(_ handler: ExchangeHandler, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    private func handler(for task: URLSessionTask) -> ExchangeHandler? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse, let handler = handler(for: dataTask) else {
            return completionHandler(.cancel)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        let wanted = handler.receive(ResponseHead(status: http.statusCode, headers: headers))
        completionHandler(wanted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let handler = handler(for: dataTask) else { return }
        if !handler.receive(data) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.complete(error: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(RedirectCredentials.request(request, redirectedFrom: task.originalRequest?.url))
    }

    /// Basic (RFC 7617) from the catalog's own origin, once per task. A Basic challenge PackKit cannot
    /// answer is rejected so the 401 reaches the download loop as a response (corelibs Foundation waits
    /// for ever on default handling without a stored credential); server trust and the rest get the
    /// system's default handling.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == NSURLAuthenticationMethodHTTPBasic else {
            return completionHandler(.performDefaultHandling, nil)
        }
        guard challenge.previousFailureCount == 0, let credentials, credentials.covers(task.currentRequest?.url) else {
            return completionHandler(.rejectProtectionSpace, nil)
        }
        let pair = credentials.basicPair
        completionHandler(.useCredential, URLCredential(user: pair.user, password: pair.password, persistence: .none))
    }
}
