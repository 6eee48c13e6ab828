import Foundation
import PackStore

/// A stand-in sealer: returns recognisable bytes for the manifest ("v<version> r<release> n<packs>") and one
/// document, or throws `failure` when set. PackStore stores what it gets without reading it.
struct RecordingSealer: ReleaseSealer {
    var issuedAt: Int64 = 100
    var lifetime: Int64 = 100
    var profile = "p"
    var failure: (any Error)?

    func seal(_ release: ReleaseSummary, version: Int, packs: [PackEntry]) throws -> ReleaseSeal {
        if let failure { throw failure }
        let manifest = ManifestSignature(
            keyID: "k", payload: Array("v\(version) r\(release.number) n\(packs.count)".utf8), payloadSignature: [1, 2],
            compactJWS: "jws-\(version)", profile: profile)
        let documents = ReleaseDocuments(
            profile: profile, bodies: ["ids": Array(packs.map(\.id).joined(separator: ",").utf8)])
        return ReleaseSeal(issuedAt: issuedAt, expiresAt: issuedAt + lifetime, manifest: manifest, documents: documents)
    }
}

extension PackStore {
    /// `publish` sealed by a `RecordingSealer`, for tests about releases rather than their manifests.
    @discardableResult
    func publish(note: String = "") throws(PackStoreError) -> ReleaseSummary {
        try publish(note: note, sealedBy: RecordingSealer()).0
    }

    /// `rollback` sealed by a `RecordingSealer`.
    @discardableResult
    func rollback(to number: Int, note: String? = nil) throws(PackStoreError) -> ReleaseSummary {
        try rollback(to: number, note: note, sealedBy: RecordingSealer()).0
    }
}
