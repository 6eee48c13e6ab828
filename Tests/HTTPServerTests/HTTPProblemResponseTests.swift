import HTTP1
import HTTPServer
import Testing

/// `HTTPProblem.response`: the one way a refusal becomes a response.
@Suite struct HTTPProblemResponseTests {
    @Test func theResponseIsTheProblemDocumentWithTheRefusalsFields() {
        let problem = HTTPProblem(
            .tooManyRequests, detail: "retry in 5 s", headers: ["Retry-After": "5"], extensions: [("limit", .integer(2))])
        let response = problem.response
        #expect(response.status == .tooManyRequests)
        #expect(response.headers.fields.map(\.name) == ["Retry-After", "Content-Type"])
        #expect(response.headers["content-type"] == "application/problem+json")
        let expected = ProblemDetails(status: .tooManyRequests, detail: "retry in 5 s", extensions: [("limit", .integer(2))]).json
        guard case .bytes(let body) = response.body.segments.first else {
            Issue.record("no body")
            return
        }
        #expect(body == expected)
        #expect(Array(#"{"type":"about:blank","status":429,"title":"Too Many Requests","detail":"retry in 5 s","limit":2}"#.utf8) == body)
    }

    @Test func theShorthandIsTheSameResponse() {
        let short = HTTPResponse.problem(.forbidden, detail: "no", headers: ["WWW-Authenticate": "Bearer"])
        let long = HTTPProblem(.forbidden, detail: "no", headers: ["WWW-Authenticate": "Bearer"]).response
        #expect(short.headers.fields == long.headers.fields)
        #expect(short.body.segments.count == 1 && long.body.segments.count == 1)
        if case .bytes(let a) = short.body.segments[0], case .bytes(let b) = long.body.segments[0] { #expect(a == b) }
    }
}
