import HTTPServer
import Synchronization

/// Whether a replica may answer documents: not once the pointer it knows is due (its `notBefore` passed)
/// while it still serves an older version. Then the other replicas serve the new version, and an older one
/// from here would let a client behind a balancer see `version` fall; so documents and `/readyz` answer 503
/// with Retry-After until this replica has the release local and live (docs/object-storage.md "Replicas").
/// Blobs are still served: they never change.
public final class ReplicaReadiness: Sendable {
    private struct Due: Sendable {
        let version: Int
        let notBefore: Int64
    }

    let live: LiveRelease
    let now: @Sendable () -> Int64
    let retryAfterSeconds: Int
    private let due = Mutex<Due?>(nil)

    public init(live: LiveRelease, retryAfterSeconds: Int, now: @escaping @Sendable () -> Int64) {
        self.live = live
        self.retryAfterSeconds = retryAfterSeconds
        self.now = now
    }

    /// The newest pointer read: from its `notBefore` on, this replica must serve at least its version.
    func expect(version: Int, notBefore: Int64) {
        due.withLock { $0 = Due(version: version, notBefore: notBefore) }
    }

    /// The version that is due but not served yet, if any.
    var missingVersion: Int? {
        guard let due = due.withLock({ $0 }), now() >= due.notBefore else { return nil }
        return (live.release?.manifest?.version ?? 0) < due.version ? due.version : nil
    }

    /// 503 while behind; nil when the documents may be answered.
    func refusal() -> HTTPResponse? {
        missingVersion.map { version in
            .problem(
                .serviceUnavailable, detail: "this replica is still copying manifest version \(version), which is live elsewhere",
                headers: ["Retry-After": "\(retryAfterSeconds)"])
        }
    }
}
