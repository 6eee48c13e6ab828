/// Evaluation of conditional request fields in the order of RFC 9110 §13.2.2, as a pure function of the
/// method, the request's fields and the representation's validators. The caller has already resolved the
/// resource: a request that fails anyway (404, 421, …) never gets here and ignores every precondition.
public enum Preconditions {
    public static func evaluate(
        method: HTTPMethod, headers: HTTPHeaders, validators: RepresentationValidators
    ) -> PreconditionResult {
        // Step 1: If-Match (§13.1.1), strong comparison; `*` is true because the representation exists.
        if let ifMatch = headers.combinedValue("if-match") {
            if !EntityTagList(parsing: ifMatch).matches(validators.entityTag, weakComparison: false) {
                return .preconditionFailed
            }
        } else if let since = singleDate(headers, "if-unmodified-since"), let lastModified = validators.lastModified {
            // Step 2: If-Unmodified-Since (§13.1.4), only without If-Match; an unparsable date, or a
            // resource without a modification date, makes the field ignored.
            if lastModified > since { return .preconditionFailed }
        }

        // Step 3: If-None-Match (§13.1.2), weak comparison; `*` matches any current representation.
        if let ifNoneMatch = headers.combinedValue("if-none-match") {
            if EntityTagList(parsing: ifNoneMatch).matches(validators.entityTag, weakComparison: true) {
                return method.isGetOrHead ? .notModified : .preconditionFailed
            }
        } else if method.isGetOrHead, let since = singleDate(headers, "if-modified-since"),
                  let lastModified = validators.lastModified {
            // Step 4: If-Modified-Since (§13.1.3), only for GET/HEAD and only without If-None-Match.
            // Both sides are whole seconds, so "not modified since" is `lastModified <= since`.
            if lastModified <= since { return .notModified }
        }

        // Step 5: If-Range (§13.1.5), only for a GET that carries Range.
        guard method == .get, headers.contains("range") else { return .proceed(honorRange: false) }
        guard headers.contains("if-range") else { return .proceed(honorRange: true) }
        return .proceed(honorRange: ifRangeHolds(headers.values("if-range"), validators: validators))
    }

    /// RFC 9110 §13.1.5: an entity tag holds only on a strong match (a `W/` tag never does); a date only
    /// if it equals Last-Modified exactly. Anything else, including an unparsable or repeated field,
    /// does not hold, which makes the server send the full representation — always safe for a client
    /// that resumes a download, where a wrong partial response would corrupt it.
    static func ifRangeHolds(_ values: [String], validators: RepresentationValidators) -> Bool {
        guard values.count == 1 else { return false }
        let value = values[0].trimmingSpaces()
        if value.hasPrefix("\"") || value.hasPrefix("W/") {
            guard let tag = EntityTag(parsing: value), let current = validators.entityTag else { return false }
            return tag.strongMatches(current)
        }
        guard let date = HTTPDate.parse(value), let lastModified = validators.lastModified else { return false }
        return date == lastModified
    }

    /// The date of a field that must appear once (§13.1.3, §13.1.4: a list of dates is invalid), or nil.
    private static func singleDate(_ headers: HTTPHeaders, _ name: String) -> Int64? {
        headers.singleValue(name).flatMap { HTTPDate.parse($0) }
    }
}
