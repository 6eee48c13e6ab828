import Crypto
import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one pack into its partial file as sequential ranged GETs (`RangeRequestPlan`), resuming from
/// whatever is on disk, and proves the result: exactly the manifest's size and SHA-256, hashed while
/// written (and the existing prefix re-hashed on resume). A wrong digest removes the partial file; a
/// cancellation or a broken connection keeps it for the next attempt.
struct PackDownload: Sendable {
    let transport: HTTPTransport
    let pack: PackDescriptor
    let url: URL
    let partial: PartialFile
    let chunkSize: Int64
    let retry: RetryPolicy
    let sleep: Sleeper
    /// Told the bytes on disk out of `pack.size` as they are written (byte-accurate `Progress`).
    let report: @Sendable (Int64) -> Void
    /// `URLSessionTask.priority` for each chunk, read per chunk so a changed loading priority applies to
    /// the next one.
    var priority: @Sendable () -> Float = { URLSessionTask.defaultPriority }

    /// Mutable state of one transfer, shared with the delegate queue's callbacks.
    private struct Running {
        var hasher: SHA256
        /// Body bytes of the current response written so far, and how many it may carry.
        var received: Int64 = 0
        var allowed: Int64 = 0
    }

    private enum Step {
        case progressed
        case restart(String)
        case challenge
        case retry(String)
    }

    /// Returns when the partial file holds exactly the pack; throws `PackKitError` or `CancellationError`.
    func run() async throws {
        if partial.length > pack.size { try partial.truncate() }
        let running = Locked(Running(hasher: try partial.hashedPrefix()))
        report(partial.length)
        var failures = 0
        var restarts = 0
        var challenged = false
        while partial.length < pack.size {
            try Task.checkCancellation()
            let step: Step
            do {
                step = try await nextChunk(running, challenged: challenged)
            } catch let error as PackKitError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                step = .retry("\(error.localizedDescription) at byte \(partial.length) of \(pack.size)")
            }
            switch step {
            case .progressed:
                failures = 0
            case .restart(let why):
                restarts += 1
                guard restarts <= retry.maxRetries else { throw PackKitError.server("\(why); gave up after \(restarts) restarts") }
                try partial.truncate()
                running.withLock { $0.hasher = SHA256() }
                report(0)
            case .challenge:
                guard transport.credentials?.covers(url) == true, !challenged else {
                    throw PackKitError.unauthorized("\(url.absoluteString) answered 401")
                }
                challenged = true
            case .retry(let why):
                failures += 1
                guard failures <= retry.maxRetries else {
                    throw PackKitError.transport("pack \(pack.id): \(why); gave up after \(failures) attempts")
                }
                try await sleep(retry.delay(beforeRetry: failures))
            }
        }
        let digest = HexDigest.string(running.withLock { $0.hasher.finalize() })
        guard digest == pack.sha256.lowercased() else {
            partial.remove()
            throw PackKitError.digestMismatch(pack: pack.id, expected: pack.sha256, actual: digest)
        }
    }

    /// One ranged request and what it achieved.
    private func nextChunk(_ running: Locked<Running>, challenged: Bool) async throws -> Step {
        let plan = RangeRequestPlan(expectedSize: pack.size, have: partial.length, validator: partial.validator, chunkSize: chunkSize)
        let decided = Locked<RangeResponseAction?>(nil)
        let partial = self.partial
        let report = self.report
        let request = transport.request(url, headers: plan.requestHeaders, challenged: challenged)
        let exchange = try await transport.exchange(
            request, priority: priority(),
            onResponse: { head in
                let action = plan.action(status: head.status, contentRange: head["content-range"], contentLength: head["content-length"])
                decided.withLock { $0 = action }
                switch action {
                case .append(let bytes):
                    running.withLock { $0.received = 0; $0.allowed = bytes }
                case .whole:
                    running.withLock { $0.received = 0; $0.allowed = plan.expectedSize }
                default:
                    return false
                }
                // The validator is that of the representation the bytes on disk belong to: recorded when the
                // file starts, kept while it grows (If-Range guarantees later chunks match it).
                if plan.have == 0 { partial.validator = head["etag"] }
                return true
            },
            onData: { data in
                try running.withLock { state in
                    guard state.received + Int64(data.count) <= state.allowed else {
                        throw PackKitError.server("sent more than the \(state.allowed) bytes asked for")
                    }
                    try partial.append(data)
                    state.hasher.update(data: data)
                    state.received += Int64(data.count)
                }
                report(partial.length)
            })
        switch decided.withLock({ $0 }) {
        case .append(let bytes)?:
            let received = running.withLock { $0.received }
            return exchange.bodyRead && received == bytes ? .progressed : .retry("the response ended after \(received) of \(bytes) bytes")
        case .whole?:
            return exchange.bodyRead ? .progressed : .retry("the response ended early")
        case .restartFromZero(let why)?:
            return .restart(why)
        case .unauthorized?:
            return .challenge
        case .retryLater(let why)?:
            return .retry(why)
        case .fail(let why)?:
            throw PackKitError.server("pack \(pack.id): \(why)")
        case nil:
            return .retry("no response")
        }
    }
}
