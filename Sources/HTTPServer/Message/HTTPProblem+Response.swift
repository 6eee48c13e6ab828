import HTTP1

extension HTTPProblem {
    /// The answer: the problem document as application/problem+json, after the refusal's own fields. Here
    /// rather than in HTTP1 because a response carries a body, which may be a file (`HTTPBody`).
    public var response: HTTPResponse {
        var headers = headers
        headers.set("Content-Type", "application/problem+json")
        let document = ProblemDetails(status: status, detail: detail, extensions: extensions)
        return HTTPResponse(status: status, headers: headers, body: .bytes(document.json))
    }
}
