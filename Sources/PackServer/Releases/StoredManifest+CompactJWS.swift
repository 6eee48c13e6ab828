import Manifest
import PackStore

extension StoredManifest {
    /// The compact JWS served at `/manifest`: the stored detached JWS with the payload encoded in its place.
    /// Throws when the index's text is not a detached JWS (the index is read as untrusted input).
    func compactJWS() throws(ManifestError) -> [UInt8] {
        try Self.compactJWS(detached: detachedJWS, payload: payload)
    }

    static func compactJWS(detached text: String, payload: [UInt8]) throws(ManifestError) -> [UInt8] {
        guard let detached = DetachedJWS(stored: text) else {
            throw .malformed("the stored JWS is not `header..signature` in base64url")
        }
        return detached.attaching(payload: payload)
    }
}
