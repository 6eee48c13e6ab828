import HTTPServer

extension HTTPResponse {
    /// 405 with the Allow header RFC 9110 §15.5.6 requires.
    static func methodNotAllowed(allow: String) -> HTTPResponse {
        .problem(.methodNotAllowed, detail: "this resource answers \(allow) only", headers: ["Allow": allow])
    }

    static func notFound(_ path: String) -> HTTPResponse {
        .problem(.notFound, detail: "no resource at \(path)")
    }
}
