import HTTPServer
import Manifest
import PackStore

/// `/manifest` (compact JWS), `/manifest.json` (its payload bytes), `/manifest.json.sig` (the raw Ed25519
/// signature over them) and `/.well-known/jwks.json`, with ETags so clients can revalidate cheaply.
struct ManifestRoute {
    let live: LiveRelease
    let documents = DocumentResponder()
    /// The encoded JWK Set: fixed for the life of the process.
    let keySet: [UInt8]
    let keySetTag: EntityTag
    let startedAt: Int64

    enum Form { case jws, payload, signature }

    func manifest(_ form: Form, request: HTTPRequest) -> HTTPResponse {
        guard let manifest = live.release?.manifest else {
            return .problem(.serviceUnavailable, detail: "no manifest is signed yet", headers: ["Retry-After": "1"])
        }
        let (body, type, suffix): ([UInt8], String, String) = switch form {
        case .jws: (Array(manifest.compactJWS.utf8), "application/jwt", "jws")
        case .payload: (manifest.payload, "application/json", "json")
        case .signature: (manifest.payloadSignature, "application/octet-stream", "sig")
        }
        // The version names the signing: a new signing is a new representation of every form.
        let tag = EntityTag(opaqueTag: "v\(manifest.version)-\(suffix)")!
        return documents.respond(
            to: request.head, body: body, contentType: type, entityTag: tag, lastModified: manifest.issuedAt,
            cacheControl: "no-cache")
    }

    func keys(request: HTTPRequest) -> HTTPResponse {
        documents.respond(
            to: request.head, body: keySet, contentType: "application/jwk-set+json", entityTag: keySetTag,
            lastModified: startedAt, cacheControl: "public, max-age=300")
    }
}
