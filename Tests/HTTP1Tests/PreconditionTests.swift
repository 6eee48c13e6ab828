import Testing
@testable import HTTP1

/// RFC 9110 §13.2.2: each precondition step, its guards, and how the steps interact.
struct PreconditionTests {
    static let modified: Int64 = 784_111_777
    static let atModification = HTTPDate.format(modified)
    static let before = HTTPDate.format(modified - 1)
    static let after = HTTPDate.format(modified + 1)
    static let validators = RepresentationValidators(entityTag: EntityTag(opaqueTag: "v2"), lastModified: modified)

    struct Case: Sendable, CustomTestStringConvertible {
        var step: String
        var method: HTTPMethod = .get
        var fields: [(String, String)]
        var expected: PreconditionResult
        var validators: RepresentationValidators = PreconditionTests.validators
        var testDescription: String {
            "\(step): \(method.rawValue) " + fields.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
        }
    }

    static let proceed = PreconditionResult.proceed(honorRange: false)
    static let withRange = PreconditionResult.proceed(honorRange: true)

    @Test(arguments: [
        Case(step: "no conditions", fields: [], expected: proceed),
        // 1. If-Match: strong comparison, `*` means "exists".
        Case(step: "If-Match equal", fields: [("if-match", "\"v2\"")], expected: proceed),
        Case(step: "If-Match in list", fields: [("if-match", "\"v1\", \"v2\"")], expected: proceed),
        Case(step: "If-Match repeated fields", fields: [("if-match", "\"v1\""), ("if-match", "\"v2\"")], expected: proceed),
        Case(step: "If-Match different", fields: [("if-match", "\"v1\"")], expected: .preconditionFailed),
        Case(step: "If-Match weak never matches", fields: [("if-match", "W/\"v2\"")], expected: .preconditionFailed),
        Case(step: "If-Match star", fields: [("if-match", "*")], expected: proceed),
        Case(step: "If-Match garbage", fields: [("if-match", "v2")], expected: .preconditionFailed),
        Case(step: "If-Match without ETag", fields: [("if-match", "\"v2\"")], expected: .preconditionFailed,
             validators: RepresentationValidators(entityTag: nil, lastModified: modified)),
        Case(step: "If-Match star without ETag", fields: [("if-match", "*")], expected: proceed,
             validators: RepresentationValidators(entityTag: nil, lastModified: modified)),
        Case(step: "If-Match on PUT", method: .put, fields: [("if-match", "\"v1\"")], expected: .preconditionFailed),
        // 2. If-Unmodified-Since, only without If-Match.
        Case(step: "IUS equal", fields: [("if-unmodified-since", atModification)], expected: proceed),
        Case(step: "IUS later", fields: [("if-unmodified-since", after)], expected: proceed),
        Case(step: "IUS earlier", fields: [("if-unmodified-since", before)], expected: .preconditionFailed),
        Case(step: "IUS unparsable ignored", fields: [("if-unmodified-since", "yesterday")], expected: proceed),
        Case(step: "IUS twice ignored", fields: [("if-unmodified-since", before), ("if-unmodified-since", before)], expected: proceed),
        Case(step: "IUS ignored with If-Match", fields: [("if-match", "\"v2\""), ("if-unmodified-since", before)], expected: proceed),
        Case(step: "IUS without Last-Modified ignored", fields: [("if-unmodified-since", before)], expected: proceed,
             validators: RepresentationValidators(entityTag: EntityTag(opaqueTag: "v2"), lastModified: nil)),
        // 3. If-None-Match: weak comparison; 304 for GET/HEAD, 412 otherwise.
        Case(step: "INM match GET", fields: [("if-none-match", "\"v2\"")], expected: .notModified),
        Case(step: "INM match HEAD", method: .head, fields: [("if-none-match", "\"v2\"")], expected: .notModified),
        Case(step: "INM match POST", method: .post, fields: [("if-none-match", "\"v2\"")], expected: .preconditionFailed),
        Case(step: "INM weak matches", fields: [("if-none-match", "W/\"v2\"")], expected: .notModified),
        Case(step: "INM in list", fields: [("if-none-match", "\"v0\", W/\"v2\"")], expected: .notModified),
        Case(step: "INM different", fields: [("if-none-match", "\"v1\"")], expected: proceed),
        Case(step: "INM star GET", fields: [("if-none-match", "*")], expected: .notModified),
        Case(step: "INM star PUT", method: .put, fields: [("if-none-match", "*")], expected: .preconditionFailed),
        Case(step: "INM garbage", fields: [("if-none-match", "v2")], expected: proceed),
        // 4. If-Modified-Since: GET/HEAD only, only without If-None-Match, whole seconds.
        Case(step: "IMS equal", fields: [("if-modified-since", atModification)], expected: .notModified),
        Case(step: "IMS later", fields: [("if-modified-since", after)], expected: .notModified),
        Case(step: "IMS earlier", fields: [("if-modified-since", before)], expected: proceed),
        Case(step: "IMS HEAD", method: .head, fields: [("if-modified-since", atModification)], expected: .notModified),
        Case(step: "IMS rfc850", fields: [("if-modified-since", "Sunday, 06-Nov-94 08:49:37 GMT")], expected: .notModified),
        Case(step: "IMS asctime", fields: [("if-modified-since", "Sun Nov  6 08:49:37 1994")], expected: .notModified),
        Case(step: "IMS unparsable ignored", fields: [("if-modified-since", "Sun, 06 Nov 1994")], expected: proceed),
        Case(step: "IMS twice ignored", fields: [("if-modified-since", after), ("if-modified-since", after)], expected: proceed),
        Case(step: "IMS ignored for POST", method: .post, fields: [("if-modified-since", after)], expected: proceed),
        Case(step: "IMS without Last-Modified ignored", fields: [("if-modified-since", after)], expected: proceed,
             validators: RepresentationValidators(entityTag: EntityTag(opaqueTag: "v2"), lastModified: nil)),
        // Interactions between the steps.
        Case(step: "If-Match false beats INM", fields: [("if-match", "\"v1\""), ("if-none-match", "\"v2\"")],
             expected: .preconditionFailed),
        Case(step: "If-Match true then INM 304", fields: [("if-match", "\"v2\""), ("if-none-match", "\"v2\"")],
             expected: .notModified),
        Case(step: "IUS false beats INM", fields: [("if-unmodified-since", before), ("if-none-match", "\"v2\"")],
             expected: .preconditionFailed),
        Case(step: "INM present disables IMS", fields: [("if-none-match", "\"v1\""), ("if-modified-since", after)],
             expected: proceed),
        Case(step: "INM match with IMS earlier", fields: [("if-none-match", "\"v2\""), ("if-modified-since", before)],
             expected: .notModified),
        Case(step: "If-Match false beats IMS", fields: [("if-match", "\"v1\""), ("if-modified-since", after)],
             expected: .preconditionFailed),
        Case(step: "304 comes before If-Range", fields: [("if-none-match", "\"v2\""), ("range", "bytes=0-0"), ("if-range", "\"v2\"")],
             expected: .notModified),
        // 5. If-Range: only a GET with Range; strong tags; exact dates.
        Case(step: "Range alone", fields: [("range", "bytes=0-0")], expected: withRange),
        Case(step: "HEAD ignores Range", method: .head, fields: [("range", "bytes=0-0")], expected: proceed),
        Case(step: "If-Range without Range", fields: [("if-range", "\"v2\"")], expected: proceed),
        Case(step: "If-Range strong match", fields: [("range", "bytes=0-0"), ("if-range", "\"v2\"")], expected: withRange),
        Case(step: "If-Range other tag", fields: [("range", "bytes=0-0"), ("if-range", "\"v1\"")], expected: proceed),
        Case(step: "If-Range weak tag", fields: [("range", "bytes=0-0"), ("if-range", "W/\"v2\"")], expected: proceed),
        Case(step: "If-Range against weak ETag", fields: [("range", "bytes=0-0"), ("if-range", "\"v2\"")], expected: proceed,
             validators: RepresentationValidators(entityTag: EntityTag(opaqueTag: "v2", isWeak: true), lastModified: modified)),
        Case(step: "If-Range exact date", fields: [("range", "bytes=0-0"), ("if-range", atModification)], expected: withRange),
        Case(step: "If-Range later date", fields: [("range", "bytes=0-0"), ("if-range", after)], expected: proceed),
        Case(step: "If-Range earlier date", fields: [("range", "bytes=0-0"), ("if-range", before)], expected: proceed),
        Case(step: "If-Range garbage", fields: [("range", "bytes=0-0"), ("if-range", "soon")], expected: proceed),
        Case(step: "If-Range twice", fields: [("range", "bytes=0-0"), ("if-range", "\"v2\""), ("if-range", "\"v2\"")],
             expected: proceed),
        Case(step: "If-Range date without Last-Modified", fields: [("range", "bytes=0-0"), ("if-range", atModification)],
             expected: proceed, validators: RepresentationValidators(entityTag: EntityTag(opaqueTag: "v2"), lastModified: nil)),
        Case(step: "If-Range after If-Match true", fields: [("if-match", "\"v2\""), ("range", "bytes=0-0"), ("if-range", "\"v2\"")],
             expected: withRange),
    ])
    func evaluates(_ c: Case) {
        var headers = HTTPHeaders()
        for (name, value) in c.fields { headers.add(name, value) }
        #expect(Preconditions.evaluate(method: c.method, headers: headers, validators: c.validators) == c.expected)
    }
}
