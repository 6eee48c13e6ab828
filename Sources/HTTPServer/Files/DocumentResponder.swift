/// Answers GET and HEAD for a small in-memory document (a manifest, a key set) with the RFC 9110 §13.2.2
/// preconditions, so clients can revalidate with If-None-Match and get 304. Documents are sent whole:
/// Range is not offered (no `Accept-Ranges`, RFC 9110 §14.3).
public struct DocumentResponder: Sendable {
    public init() {}

    public func respond(
        to head: HTTPRequestHead, body: [UInt8], contentType: String, entityTag: EntityTag, lastModified: Int64,
        cacheControl: String
    ) -> HTTPResponse {
        guard head.method.isGetOrHead else { return .readOnlyMethodNotAllowed }
        var headers: HTTPHeaders = [
            "ETag": entityTag.description, "Last-Modified": HTTPDate.format(lastModified), "Cache-Control": cacheControl,
        ]
        let validators = RepresentationValidators(entityTag: entityTag, lastModified: lastModified)
        switch Preconditions.evaluate(method: head.method, headers: head.headers, validators: validators) {
        case .preconditionFailed:
            return .preconditionDoesNotHold
        case .notModified:
            return HTTPResponse(status: .notModified, headers: headers)
        case .proceed:
            headers.add("Content-Type", contentType)
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(body))
        }
    }
}
