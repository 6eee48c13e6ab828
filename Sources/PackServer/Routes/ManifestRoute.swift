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

    /// `view`'s signed manifest in `form`. A view whose bytes are not read yet answers once they are
    /// (`ViewManifest`), off the event loop.
    func manifest(_ form: Form, in view: ServedView, request: HTTPRequest) -> HTTPResponse {
        guard let signed = view.release.signed else {
            return .problem(.serviceUnavailable, detail: "no manifest is signed yet", headers: ["Retry-After": "1"])
        }
        if let documents = signed.documents { return answer(form, from: documents, to: request) }
        let pending = DeferredResponse()
        signed.withDocuments { [self] documents in
            pending.complete(documents.map { answer(form, from: $0, to: request) } ?? .problem(
                .serviceUnavailable, detail: "this view's manifest cannot be read yet", headers: ["Retry-After": "1"]))
        }
        return .deferred(pending)
    }

    private func answer(_ form: Form, from documents: ManifestDocuments, to request: HTTPRequest) -> HTTPResponse {
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
