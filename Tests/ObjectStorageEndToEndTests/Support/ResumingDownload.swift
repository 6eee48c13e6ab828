import Foundation
import HTTPClient

/// A client downloading one blob in ranged requests, as Background Assets does: each request names the next
/// span (`Range`) and the ETag it started with (`If-Range`), so bytes from any origin that serves the same
/// ETag continue the same file. A connection that breaks mid-body keeps what arrived; the next request starts
/// after it, through the balancer, on whichever replica answers.
struct ResumingDownload {
    let url: URL
    let size: Int
    let entityTag: String
    let span: Int

    struct Outcome {
        var bytes: [UInt8]
        /// Requests that failed (broken connection, refused, 5xx) and were resumed.
        var resumes: Int
    }

    /// - Parameter afterSpan: called after each span arrives whole (the test kills a replica from here).
    func run(afterSpan: () -> Void) throws -> Outcome {
        var outcome = Outcome(bytes: [], resumes: 0)
        outcome.bytes.reserveCapacity(size)
        var client = try HTTPClient(userAgent: "replica-topology", timeout: 10)
        while outcome.bytes.count < size {
            let start = outcome.bytes.count
            let end = min(start + span, size) - 1
            let request = ClientRequest(url: url, headers: [("Range", "bytes=\(start)-\(end)"), ("If-Range", "\"\(entityTag)\"")])
            var received: [UInt8] = []
            do {
                let head = try client.perform(request, head: { $0.status == 206 }, body: { received += $0 })
                if head.status == 206 {
                    outcome.bytes += received
                    afterSpan()
                    continue
                }
                guard head.status >= 500 else { throw ClusterError("\(url): \(head.status) to a ranged request") }
            } catch let error as ClusterError {
                throw error
            } catch {
                // What arrived before the break is good: the same ETag names the same bytes everywhere.
                outcome.bytes += received
            }
            outcome.resumes += 1
            guard outcome.resumes < 200 else { throw ClusterError("\(url): no progress after 200 resumes") }
            client = try HTTPClient(userAgent: "replica-topology", timeout: 10)
        }
        return outcome
    }
}
