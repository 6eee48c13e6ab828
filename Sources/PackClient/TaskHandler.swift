import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The per-request state the session delegate routes callbacks to.
final class TaskHandler: Sendable {
    private struct State {
        var response: HTTPFetcher.ResponseHead?
        var skippedBody = false
        var bodyError: (any Error)?
    }

    private let head: @Sendable (HTTPFetcher.ResponseHead) -> Bool
    private let body: @Sendable (Data) throws -> Void
    private let continuation: CheckedContinuation<HTTPFetcher.ResponseHead, any Error>
    private let state = Mutex(State())

    init(
        head: @escaping @Sendable (HTTPFetcher.ResponseHead) -> Bool, body: @escaping @Sendable (Data) throws -> Void,
        continuation: CheckedContinuation<HTTPFetcher.ResponseHead, any Error>
    ) {
        self.head = head
        self.body = body
        self.continuation = continuation
    }

    func received(_ response: URLResponse) -> URLSession.ResponseDisposition {
        guard let http = response as? HTTPURLResponse else { return .cancel }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        let responseHead = HTTPFetcher.ResponseHead(status: http.statusCode, headers: headers)
        let wanted = head(responseHead)
        state.withLock {
            $0.response = responseHead
            $0.skippedBody = !wanted
        }
        return wanted ? .allow : .cancel
    }

    /// Returns false when the body is not wanted or cannot be taken (the sink threw, e.g. a full disk): the
    /// task is cancelled. FoundationNetworking on Linux ignores the `.cancel` disposition given for the
    /// response head and delivers the body anyway, so a refused body (a 403 problem document) must be dropped
    /// here, or it would be appended to a pack's partial file.
    func received(_ data: Data) -> Bool {
        guard state.withLock({ $0.response != nil && !$0.skippedBody && $0.bodyError == nil }) else { return false }
        do {
            try body(data)
            return true
        } catch {
            state.withLock { $0.bodyError = error }
            return false
        }
    }

    func completed(_ error: (any Error)?) {
        let (response, skipped, bodyError) = state.withLock { ($0.response, $0.skippedBody, $0.bodyError) }
        if let bodyError {
            continuation.resume(throwing: bodyError)
        } else if let response, skipped || error == nil {
            continuation.resume(returning: response)
        } else {
            continuation.resume(throwing: error ?? URLError(.badServerResponse))
        }
    }
}
