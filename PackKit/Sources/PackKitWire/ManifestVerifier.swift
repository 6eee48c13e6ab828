import Foundation

/// Decides whether manifest bytes are trusted: a compact JWS signed with EdDSA (RFC 8037) by one of the
/// pinned keys, for the expected channel (and build), not expired. Pure — the clock is an argument — so
/// an app, its Background Assets extension and `packserve verify` all check the same way.
///
/// The checks run in an order that gives the most specific refusal first: shape and base64url, then the
/// header (`alg`, `crit`, `kid`), then the signature, and only for signed bytes the payload's channel,
/// build and expiry. Nothing in an unverified payload is ever looked at.
public struct ManifestVerifier: Sendable {
    /// The only JWS algorithm accepted: Ed25519 as JOSE names it (RFC 8037 §3.1).
    public static let algorithm = "EdDSA"

    public var keys: [PinnedKey]
    /// The channel the app reads; a manifest signed for another is refused.
    public var channel: String
    /// The app's build, when it reads a per-build view: a release whose range does not admit it is refused.
    public var build: AppBuild?
    /// How far past `exp` a manifest is still accepted, for a device clock that runs slightly fast.
    public var clockSkewLeeway: Duration

    public init(
        keys: [PinnedKey], channel: String = PackManifest.productionChannel, build: AppBuild? = nil,
        clockSkewLeeway: Duration = .seconds(60)
    ) {
        self.keys = keys
        self.channel = channel
        self.build = build
        self.clockSkewLeeway = clockSkewLeeway
    }

    /// Verifies a compact JWS (`GET /manifest`) at `now`.
    public func verify(compactJWS bytes: [UInt8], now: Date) throws(ManifestVerificationError) -> VerifiedManifest {
        try verify(compactJWS: bytes, now: Optional(now))
    }

    /// Verifies a compact JWS that was accepted before, ignoring its expiry: packs already verified stay
    /// usable offline after `exp` (a manifest is refused for being stale only when it is fetched).
    public func verifyIgnoringExpiry(compactJWS bytes: [UInt8]) throws(ManifestVerificationError) -> VerifiedManifest {
        try verify(compactJWS: bytes, now: nil)
    }

    /// Verifies `/manifest.json` bytes against the raw 64-byte signature of `/manifest.json.sig`. There is
    /// no header, so no `kid`: every pinned key is tried.
    public func verify(payload: [UInt8], detachedSignature: [UInt8], now: Date?) throws(ManifestVerificationError)
        -> VerifiedManifest
    {
        guard let key = keys.first(where: { $0.isValidSignature(detachedSignature, for: payload) }) else {
            throw .badSignature
        }
        let manifest = try checkedPayload(payload, now: now)
        return VerifiedManifest(manifest: manifest, payload: payload, compactJWS: nil, keyID: key.keyID)
    }

    /// Checks a compact JWS's shape, header and signature only, and hands back the signed payload and the key
    /// that signed it, without decoding the payload: for a server checking its own stored signings
    /// (`packserve fsck`), where a payload of 100,000 packs is slow to decode and channel and expiry do not
    /// apply.
    public func verifiedPayload(compactJWS bytes: [UInt8]) throws(ManifestVerificationError)
        -> (payload: [UInt8], keyID: String)
    {
        let jws = try CompactJWS(bytes)
        let key = try signingKey(for: jws.header)
        guard key.isValidSignature(jws.signature, for: jws.signingInput) else { throw .badSignature }
        return (jws.payload, key.keyID)
    }

    private func verify(compactJWS bytes: [UInt8], now: Date?) throws(ManifestVerificationError) -> VerifiedManifest {
        let (payload, keyID) = try verifiedPayload(compactJWS: bytes)
        let manifest = try checkedPayload(payload, now: now)
        return VerifiedManifest(manifest: manifest, payload: payload, compactJWS: bytes, keyID: keyID)
    }

    /// The pinned key the header names, after refusing every header PackKit must not trust.
    private func signingKey(for header: JWSHeader) throws(ManifestVerificationError) -> PinnedKey {
        switch header.alg {
        case Self.algorithm: break
        // Case-insensitive: "None" and "NONE" are the same attack (RFC 7518 §3.6 unsecured JWS).
        case let alg? where alg.lowercased() == "none": throw .algorithmNone
        default: throw .unsupportedAlgorithm(header.alg)
        }
        // RFC 7515 §4.1.11: a recipient that does not understand every listed extension must refuse.
        // PackKit understands none, and an empty list is itself invalid.
        if let crit = header.crit { throw .unsupportedCritical(crit) }
        guard let kid = header.kid, let key = keys.first(where: { $0.keyID == kid }) else {
            throw .unknownKeyID(header.kid)
        }
        return key
    }

    /// Decodes signed payload bytes and checks channel, build and (when `now` is given) expiry.
    private func checkedPayload(_ payload: [UInt8], now: Date?) throws(ManifestVerificationError) -> PackManifest {
        let manifest: PackManifest
        do {
            manifest = try JSONDecoder().decode(PackManifest.self, from: Data(payload))
        } catch {
            throw .malformedPayload(Self.describe(error))
        }
        guard manifest.channel == channel else { throw .otherChannel(signedFor: manifest.channel, expected: channel) }
        if let build, let builds = manifest.builds {
            guard let range = builds.range else { throw .malformedPayload("builds is not a range of CFBundleVersions") }
            guard range.admits(build) else { throw .otherBuild(build: build.description, range: range.description) }
        }
        if let now {
            let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
            if seconds >= manifest.exp + clockSkewLeeway.components.seconds {
                throw .expired(exp: manifest.exp, now: seconds)
            }
        }
        return manifest
    }

    /// One line naming the field a `DecodingError` is about.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(path(context).isEmpty ? "" : path(context) + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type at \(path(context))"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context))"
        @unknown default: return "not a manifest"
        }
    }
}
