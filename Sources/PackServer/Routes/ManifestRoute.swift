import HTTPServer
import Manifest
import PackStore

/// `/manifest` (compact JWS), `/manifest.json` (its payload bytes), `/manifest.json.sig` (the raw Ed25519
/// signature over them) and `/.well-known/jwks.json`, with ETags so clients can revalidate cheaply.
struct ManifestRoute {
    let files: RepresentationResponder
    /// The JWK Set: fixed for the life of the process.
    let keySet: EncodedDocument

    enum Form { case jws, payload, signature }

    /// `view`'s signed manifest in `form`.
    func manifest(_ form: Form, in view: ServedView, request: HTTPRequest) -> HTTPResponse {
        guard let documents = view.release.manifestDocuments else {
            return .problem(.serviceUnavailable, detail: "no manifest is signed yet", headers: ["Retry-After": "1"])
        }
        let document = switch form {
        case .jws: documents.jws
        case .payload: documents.payload
        case .signature: documents.signature
        }
        return document.respond(to: request.head, with: files)
    }

    func keys(request: HTTPRequest) -> HTTPResponse {
        keySet.respond(to: request.head, with: files)
    }
}
