import Foundation
import HTTPClient

/// A client downloading one blob as Background Assets does after an interruption: each request asks for
/// everything it does not have yet (`Range: bytes=N-`) and names the ETag it started with (`If-Range`), so
/// bytes from any origin that serves the same ETag continue the same file. A connection that breaks
/// mid-body keeps what arrived; the next request, through the balancer, lands on whichever replica answers.
struct ResumingDownload {
    let url: URL
    let size: Int
    let entityTag: String

    struct Outcome {
        var bytes: [UInt8]
        /// Requests that failed (broken connection, refused, 5xx) and were resumed.
        var resumes: Int
        /// Why, by reason (the error, or the status).
        var reasons: [String: Int] = [:]
    }

    /// - Parameter progress: called with the size of every piece of body that arrives (the test kills a
    ///   replica from here).
    func run(progress: (Int) -> Void) throws -> Outcome {
        var outcome = Outcome(bytes: [], resumes: 0)
        outcome.bytes.reserveCapacity(size)
        while outcome.bytes.count < size {
            let client = try HTTPClient(userAgent: "replica-topology", timeout: 10)
            let request = ClientRequest(
                url: url, headers: [("Range", "bytes=\(outcome.bytes.count)-\(size - 1)"), ("If-Range", "\"\(entityTag)\"")])
            var status = 0
            do {
                status = try client.perform(request, head: { $0.status == 206 }, body: { piece in
                    outcome.bytes += piece
                    progress(piece.count)
                }).status
                if status == 206 { continue }
                guard status >= 500 else { throw ClusterError("\(url): \(status) to a ranged request") }
                outcome.reasons["status \(status)", default: 0] += 1
            } catch let error as ClusterError {
                throw error
            } catch {
                // What arrived before the break stays: the same ETag names the same bytes on every replica.
                outcome.reasons["\(error)".prefix(60).description, default: 0] += 1
            }
            outcome.resumes += 1
            guard outcome.resumes < 200 else { throw ClusterError("\(url): no progress after 200 resumes") }
            // A client's pause before trying again (until the balancer's check takes the dead origin out, a
            // new connection may still be sent to it).
            Thread.sleep(forTimeInterval: 0.02)
        }
        return outcome
    }
}
