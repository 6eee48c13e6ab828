import HTTP1
import HTTPServer
import Manifest
import PackStore

/// The three forms of one signed manifest, wrapped once when the manifest is taken up (not per request):
/// `/manifest` (compact JWS), `/manifest.json` (its payload) and `/manifest.json.sig` (the raw Ed25519
/// signature). The version names the signing, so a new signing is a new representation of every form.
struct ManifestDocuments: Sendable {
    let jws: EncodedDocument
    let payload: EncodedDocument
    let signature: EncodedDocument

    init(_ manifest: StoredManifest) throws(ManifestError) {
        self.init(
            header: manifest, payload: manifest.payload, signature: manifest.payloadSignature,
            jws: try manifest.compactJWS())
    }

    /// From the three forms' bytes as the index keeps them (`PackStore.manifestBytes`), with `header`'s version
    /// and times: no text is decoded, and no form copied again.
    init(header manifest: StoredManifest, payload: [UInt8], signature: [UInt8], jws: [UInt8]) {
        func document(_ body: [UInt8], type: String, suffix: String, compress: Bool) -> EncodedDocument {
            EncodedDocument(
                body: body, contentType: type, entityTag: EntityTag(opaqueTag: "v\(manifest.version)-\(suffix)")!,
                lastModified: manifest.issuedAt, cacheControl: nil, compress: compress)
        }
        self.jws = document(jws, type: "application/jwt", suffix: "jws", compress: true)
        self.payload = document(payload, type: "application/json", suffix: "json", compress: true)
        // 64 random-looking bytes: nothing to compress.
        self.signature = document(signature, type: "application/octet-stream", suffix: "sig", compress: false)
    }
}
