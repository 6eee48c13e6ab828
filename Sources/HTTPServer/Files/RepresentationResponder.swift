import HTTP1

/// Answers GET and HEAD for a representation (a file, or a document in memory) with full RFC 9110 semantics: method check, then
/// preconditions (§13.2.2), then Range (§14.2). Every route that serves bytes goes through here.
///
/// It does not add Date, Content-Length or Connection: the server's writer adds those, derives
/// Content-Length from `body.count`, and drops the body for HEAD and 304.
public struct RepresentationResponder: Sendable {
    /// More specs than this in one Range field are answered with the full representation.
    public let maxRanges: Int

    public init(maxRanges: Int) {
        self.maxRanges = maxRanges
    }

    public func respond(to head: HTTPRequestHead, with representation: Representation) -> HTTPResponse {
        respond(to: head, with: representation, makeBoundary: MultipartByteRanges.makeBoundary)
    }

    /// `makeBoundary` is called only for a multipart response; tests pass a fixed one.
    func respond(
        to head: HTTPRequestHead, with representation: Representation, makeBoundary: () -> String
    ) -> HTTPResponse {
        guard head.method.isGetOrHead else { return .readOnlyMethodNotAllowed }
        let validators = RepresentationValidators(
            entityTag: representation.entityTag, lastModified: representation.lastModified)
        let honorRange: Bool
        switch Preconditions.evaluate(method: head.method, headers: head.headers, validators: validators) {
        case .preconditionFailed:
            return .preconditionDoesNotHold
        case .notModified:
            // RFC 9110 §15.4.5: the validators and caching fields a 200 would carry, and no content.
            return HTTPResponse(status: .notModified, headers: validatorHeaders(representation))
        case .proceed(let honor):
            honorRange = honor
        }

        let length = representation.content.length
        // HEAD, no Range, or a failed If-Range: the whole representation (Range is defined for GET only).
        // A repeated Range field is not a valid single ranges-specifier, so it is ignored too.
        let plan = honorRange
            ? RangePlan(rangeField: head.headers.singleValue("range"), length: length, maxRanges: maxRanges)
            : .full

        var headers = validatorHeaders(representation)
        headers.add("Accept-Ranges", "bytes")
        if let coding = representation.contentEncoding {
            headers.add("Content-Encoding", coding)
        }
        switch plan {
        case .full:
            headers.add("Content-Type", representation.contentType)
            return HTTPResponse(status: .ok, headers: headers, body: representation.content.whole)
        case .unsatisfiable:
            // §15.5.17: the complete length, so the client can ask again sensibly.
            return .problem(.rangeNotSatisfiable, detail: "None of the requested ranges is satisfiable for a representation of \(length) bytes.",
                            headers: ["Content-Range": "bytes */\(length)"])
        case .partial(let ranges) where ranges.count == 1:
            let range = ranges[0]
            headers.add("Content-Type", representation.contentType)
            headers.add("Content-Range", range.contentRange(completeLength: length))
            return HTTPResponse(status: .partialContent, headers: headers,
                                body: HTTPBody(segments: [representation.content.segment(offset: range.first, count: range.count)]))
        case .partial(let ranges):
            let boundary = makeBoundary()
            headers.add("Content-Type", MultipartByteRanges.contentType(boundary: boundary))
            let body = MultipartByteRanges.body(
                ranges: ranges, content: representation.content, contentType: representation.contentType,
                completeLength: length, boundary: boundary)
            return HTTPResponse(status: .partialContent, headers: headers, body: body)
        }
    }

    /// ETag, Last-Modified, Cache-Control, Vary and the fixed fields: what 200, 206 and 304 share.
    /// Content-Encoding goes with the content (200 and 206), as RFC 9110 §15.4.5 lists no coding for 304.
    private func validatorHeaders(_ representation: Representation) -> HTTPHeaders {
        var headers = HTTPHeaders()
        // Every field a 200 or 206 may carry (these, Accept-Ranges, Content-Encoding, Content-Type,
        // Content-Range, CORS's three and the fixed ones), so the array is allocated once.
        headers.reserveCapacity(10 + representation.fixedFields.count)
        headers.add("ETag", representation.entityTag.description)
        headers.add("Last-Modified", representation.lastModifiedText)
        if let cacheControl = representation.cacheControl {
            headers.add("Cache-Control", cacheControl)
        }
        if let vary = representation.vary {
            headers.add("Vary", vary)
        }
        if representation.fixedFields.count > 0 {
            headers.append(contentsOf: representation.fixedFields)
        }
        return headers
    }
}

extension HTTPResponse {
    /// 405 for a method other than GET or HEAD on a read-only resource (RFC 9110 §15.5.6: with Allow).
    static var readOnlyMethodNotAllowed: HTTPResponse {
        .problem(.methodNotAllowed, detail: "Only GET and HEAD are allowed here.", headers: ["Allow": "GET, HEAD"])
    }

    /// 412 (RFC 9110 §13.1): If-Match or If-Unmodified-Since does not hold.
    static var preconditionDoesNotHold: HTTPResponse {
        .problem(.preconditionFailed, detail: "A precondition of the request does not hold for the current representation.")
    }
}
