import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a Background Assets extension needs, as plain values so it is tested on every platform: the
/// downloads of the plan, a check-and-install for a finished file, and the managed extension's answer.
extension PackCatalog {
    /// The plan's essential and prefetch packs (within the allowance) as requests for the system. Reads
    /// a fresh manifest (verified, rollback-guarded) and falls back to the last accepted one offline.
    public func backgroundDownloads() async throws -> [BackgroundDownload] {
        let plan = try await plan()
        var downloads: [BackgroundDownload] = []
        for step in plan.steps {
            guard let text = step.pack.url, let url = URL(string: text) else { continue }
            downloads.append(BackgroundDownload(
                identifier: step.pack.id, request: transport.request(url, headers: [:], challenged: false),
                isEssential: step.reason == .essential, size: step.pack.size))
        }
        return downloads
    }

    /// Checks a file the system downloaded against the manifest (exact size, SHA-256) and moves it into
    /// the store; a mismatch deletes it and throws.
    @discardableResult
    public func installDownloadedFile(_ file: URL, forPack id: String) throws -> InstalledPack {
        guard let pack = try storedManifest()?.manifest.pack(id: id) else { throw PackKitError.unknownPack(id) }
        let digest = try FileDigest.sha256(of: file)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64) ?? -1
        guard size == pack.size, digest == pack.sha256.lowercased() else {
            try? FileManager.default.removeItem(at: file)
            throw PackKitError.digestMismatch(pack: id, expected: pack.sha256, actual: digest)
        }
        return try store.install(verifiedFile: file, for: pack)
    }

    /// A managed extension's `shouldDownload`: the pack's policy in the last accepted manifest decides —
    /// essential and prefetch packs within the allowance yes, on-demand packs only once installed (kept up
    /// to date), anything unknown no.
    public func shouldDownload(packID id: String) -> Bool {
        guard let manifest = try? storedManifest()?.manifest, let pack = manifest.pack(id: id) else { return false }
        if store.installedPack(id: id) != nil { return true }
        let plan = DownloadPlan(manifest: manifest, installed: store.installedDigests, allowance: configuration.allowance)
        return plan.packs.contains { $0.id == pack.id }
    }

    /// The answer to an authentication challenge the system passes on (a Background Assets download of a
    /// private catalog): Basic from the credentials' own origin, once; default handling otherwise.
    public func answer(_ challenge: URLAuthenticationChallenge) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == NSURLAuthenticationMethodHTTPBasic, challenge.previousFailureCount == 0,
              let credentials = configuration.credentials,
              credentials.covers(URL(string: "\(space.protocol ?? "https")://\(space.host):\(space.port)"))
        else { return (.performDefaultHandling, nil) }
        let pair = credentials.basicPair
        return (.useCredential, URLCredential(user: pair.user, password: pair.password, persistence: .none))
    }
}
