import HTTPServer

/// What a replica's responder does differently from a primary's (docs/object-storage.md "Replicas"): it
/// reads missing blobs through from the bucket, answers documents and `/readyz` with 503 while it is behind
/// a pointer that is due, and refuses the admin API (it has no index to change).
public struct ReplicaServing: Sendable {
    let readiness: ReplicaReadiness
    let readThrough: BlobReadThrough

    /// `/admin/…` on a replica: 403 whatever the method, credentials or body.
    static let adminRefusal = HTTPResponse.problem(.forbidden, detail: "read-only replica")
}
