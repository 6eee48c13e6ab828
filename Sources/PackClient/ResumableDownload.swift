import Foundation
import PackKitWire
import Synchronization

/// Downloads one URL into a `PartialFile` until it holds `expectedSize` bytes, continuing with Range
/// requests after a broken connection (and after an earlier run that was killed) rather than starting over.
struct ResumableDownload: Sendable {
    /// What one download cost.
    struct Outcome: Sendable, Equatable {
        /// Body bytes received over the network.
        var transferred: Int64
        /// Bytes already on disk from an earlier run when this one started.
        var resumedFrom: Int64
    }

    let fetcher: HTTPFetcher
    let url: URL
    let expectedSize: Int64
    let file: PartialFile
    /// Further attempts after a failed one.
    let retries: Int
    /// One line per retry, for the person watching.
    let note: @Sendable (String) -> Void
    /// Bytes on disk so far, for a progress display.
    let progress: @Sendable (Int64) -> Void

    func run() async throws(DownloadFailure) -> Outcome {
        let resumedFrom = min(file.length, expectedSize)
        var failedAttempts = 0
        while true {
            var have = file.length
            if have > expectedSize {
                try file.truncate()
                have = 0
            }
            if have == expectedSize { break }
            // The rest of the file in one request: `HTTPClient` reads only as fast as the file is written.
            let plan = RangeRequestPlan(
                expectedSize: expectedSize, have: have, validator: have > 0 ? file.loadValidator() : nil,
                chunkSize: expectedSize - have)
            let problem: String
            switch await attempt(plan) {
            case .success(let action):
                switch action {
                case .append, .whole:
                    let now = file.length
                    if now == expectedSize { continue }
                    if now > expectedSize {
                        throw .mismatch("the server sent \(now) bytes; the manifest says \(expectedSize)")
                    }
                    problem = "the response ended at byte \(now) of \(expectedSize)"
                case .restartFromZero(let reason):
                    try file.truncate()
                    problem = reason
                case .retryLater(let reason):
                    problem = reason
                case .unauthorized:
                    throw .server("HTTP 401 (a private pack: pass --token-file)")
                case .fail(let reason):
                    throw .server(reason)
                }
            case .failure(let error):
                if case .io = error { throw error }
                problem = "\(error.description) at byte \(file.length) of \(expectedSize)"
            }
            failedAttempts += 1
            guard failedAttempts <= retries else {
                throw .transport("\(problem); gave up after \(failedAttempts) attempts")
            }
            note("\(problem); trying again from byte \(file.length) (attempt \(failedAttempts + 1) of \(retries + 1))")
            try? await Task.sleep(for: Self.pause(before: failedAttempts))
        }
        return Outcome(transferred: file.bytesWritten, resumedFrom: resumedFrom)
    }

    /// 0.25 s, 0.5 s, 1 s … capped at 8 s.
    static func pause(before attempt: Int) -> Duration {
        .milliseconds(250 << min(max(attempt - 1, 0), 5))
    }

    /// One request: the action taken on its response, or why the transfer broke.
    private func attempt(_ plan: RangeRequestPlan) async -> Result<RangeResponseAction, DownloadFailure> {
        let decided = Mutex<RangeResponseAction?>(nil)
        let file = self.file
        let progress = self.progress
        do {
            _ = try await fetcher.get(
                url, headers: plan.requestHeaders,
                head: { head in
                    var action = plan.action(
                        status: head.status, contentRange: head.headers["content-range"],
                        contentLength: head.headers["content-length"])
                    if action == .whole {
                        do { try file.truncate() } catch { action = .fail("\(error)") }
                    }
                    decided.withLock { $0 = action }
                    switch action {
                    case .append, .whole: break
                    default: return false
                    }
                    file.saveValidator(head.headers["etag"])
                    return true
                },
                body: { data in
                    try file.append(data)
                    progress(file.length)
                })
        } catch let failure as DownloadFailure {
            return .failure(failure)
        } catch {
            return .failure(.transport("connection failed (\(TransportFailure.describe(error, url: url)))"))
        }
        return .success(decided.withLock { $0 } ?? .fail("no response"))
    }
}
