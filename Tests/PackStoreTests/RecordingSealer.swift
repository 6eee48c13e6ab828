import Foundation
import PackStore
import ReleaseViews

/// A stand-in sealer: returns recognisable bytes for each view's manifest ("c<channel> v<version> r<release>
/// n<packs>") and one document listing its packs with their Apple versions ("id@version,…"), or throws
/// `failure` when set. PackStore stores what it gets without reading it.
struct RecordingSealer: ChannelSealer {
    var issuedAt: Int64 = 100
    var lifetime: Int64 = 100
    var profile = "p"
    var failure: (any Error)?
    /// With a source, documents stored with this profile and source are reused, as the server's sealer does,
    /// and `log` learns what each view was offered.
    var source = ""
    var log: SealLog?

    func seal(_ request: ChannelSealRequest) throws -> ChannelSeal {
        if let failure { throw failure }
        var manifests: [String: ManifestSignature] = [:]
        var documents: [String: ReleaseDocuments] = [:]
        for view in request.views {
            manifests[view.name] = Self.signature(channel: request.channel, version: request.version, view: view)
            // A rollout's cohort views are signed only, as the server's sealer does.
            guard !view.isCohortView else { continue }
            log?.offered.append(view.storedDocuments)
            if !source.isEmpty, let stored = view.storedDocuments.first(where: { $0.profile == profile && $0.source == source }) {
                documents[view.segment.description] = ReleaseDocuments(reusing: stored)
                continue
            }
            documents[view.segment.description] = ReleaseDocuments(
                profile: profile, source: source,
                bodies: ["ids": Array(view.packs.map { Self.listing($0) }.joined(separator: ",").utf8)])
        }
        return ChannelSeal(issuedAt: issuedAt, expiresAt: issuedAt + lifetime, manifests: manifests, documents: documents)
    }

    /// `id@appleVersion#sha256`.
    static func listing(_ pack: PackEntry) -> String { "\(pack.id)@\(pack.appleVersion)#\(pack.sha256)" }

    static func signature(channel: ChannelName, version: Int, view: SealedView) -> ManifestSignature {
        ManifestSignature(
            keyID: "k", payload: Array("c\(channel) v\(version) r\(view.release.number) n\(view.packs.count)".utf8),
            payloadSignature: [1, 2], detachedJWS: "jws-\(version)", profile: "p")
    }
}

extension PackStore {
    /// `publish` sealed by a `RecordingSealer`, for tests about releases rather than their manifests.
    @discardableResult
    func publish(note: String = "", channel: ChannelName = .production, builds: BuildRange = .all)
        throws(PackStoreError) -> ReleaseSummary
    {
        try publish(note: note, channel: channel, builds: builds, sealedBy: RecordingSealer()).0
    }

    /// `rollback` sealed by a `RecordingSealer`.
    @discardableResult
    func rollback(to number: Int, note: String? = nil) throws(PackStoreError) -> ReleaseSummary {
        try rollback(to: number, note: note, sealedBy: RecordingSealer()).0
    }

    /// The stored document of the view `build` reads in `channel`: "id@appleVersion,…".
    func viewIDs(_ channel: ChannelName = .production, build: String? = nil) throws -> String? {
        let views = try views(of: channel)
        guard let segment = views.segment(for: try build.map { try AppBuild(parsing: $0) }) else { return nil }
        guard let body = try viewDocuments(channel: channel, segment: segment, profile: "p")?["ids"] else { return nil }
        return String(decoding: body, as: UTF8.self).split(separator: ",")
            .map { $0.prefix { $0 != "#" } }.joined(separator: ",")
    }
}

/// What `RecordingSealer` was offered, view by view, in the order it sealed them.
final class SealLog: @unchecked Sendable {
    var offered: [[StoredDocuments]] = []
}
