/// How to continue a download of an `expectedSize`-byte file of which `have` bytes are already on disk,
/// and what to make of the server's answer. Pure, so every case is tested without a network.
public struct ResumePlan: Sendable, Equatable {
    public var expectedSize: Int64
    public var have: Int64
    /// The strong ETag of the response the partial bytes came from, if the server sent one.
    public var validator: String?

    public init(expectedSize: Int64, have: Int64, validator: String?) {
        self.expectedSize = expectedSize
        self.have = have
        self.validator = validator
    }

    /// `Range: bytes=have-` to continue (RFC 9110 §14.2), with `If-Range` (§13.1.5) so that a changed
    /// representation comes back whole as a 200 instead of as a tail spliced onto old bytes. If-Range
    /// must not carry a weak tag, so without a strong one the final SHA-256 check is the only guard.
    public var requestHeaders: [String: String] {
        guard have > 0 else { return [:] }
        var headers = ["Range": "bytes=\(have)-"]
        if let validator, !validator.hasPrefix("W/") { headers["If-Range"] = validator }
        return headers
    }

    /// What to do with a response to `requestHeaders`.
    public func action(status: Int, contentRange: String?, contentLength: String?) -> ResumeAction {
        switch status {
        case 206 where have > 0:
            guard let range = contentRange.flatMap(ContentRange.init) else {
                return .fail("answered a range request with 206 but no valid Content-Range (\(contentRange ?? "none"))")
            }
            if let complete = range.completeLength, complete != expectedSize {
                return .fail("the server has \(complete) bytes; the manifest says \(expectedSize)")
            }
            // A 206 for other bytes than the ones asked for cannot be appended (§15.3.7).
            guard range.first == have else {
                return .discardPartial("asked for bytes \(have)-, the server sent \(range.first)-\(range.last)")
            }
            return .append
        case 200:
            if let length = contentLength.flatMap({ Int64($0) }), length != expectedSize {
                return .fail("the server sends \(length) bytes; the manifest says \(expectedSize)")
            }
            // Either a first request, or the server ignored Range or If-Range no longer matched: whole body.
            return .restart
        case 416 where have > 0:
            // Our partial file runs past what the server has now (§15.5.17): start again.
            return .discardPartial("the server refused bytes \(have)- with 416")
        case 408, 429, 500, 502, 503, 504:
            return .retryLater("HTTP \(status)")
        default:
            return .fail("HTTP \(status)")
        }
    }
}

/// `ResumePlan.action`'s answer.
public enum ResumeAction: Sendable, Equatable {
    /// Append the body to the partial file.
    case append
    /// Empty the partial file and write the body from byte 0.
    case restart
    /// Skip the body, empty the partial file and try again.
    case discardPartial(String)
    /// Skip the body and try again after a pause.
    case retryLater(String)
    /// Give up on this pack.
    case fail(String)
}
