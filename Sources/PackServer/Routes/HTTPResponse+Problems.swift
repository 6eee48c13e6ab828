import HTTPServer

extension HTTPResponse {
    /// 405 with the Allow header RFC 9110 §15.5.6 requires.
    static func methodNotAllowed(allow: String) -> HTTPResponse {
        .problem(.methodNotAllowed, detail: "this resource answers \(allow) only", headers: ["Allow": allow])
    }

    static func notFound(_ path: String) -> HTTPResponse {
        .problem(.notFound, detail: "no resource at \(path)")
    }

    /// 404 for a tag no pack of the current release carries.
    static func unknownTag(_ tag: String, release: PublishedRelease) -> HTTPResponse {
        .problem(.notFound, detail: "no pack in release \(release.snapshot.release) has tag \(tag)")
    }

    /// 503 while no release has been published or loaded yet.
    static var noRelease: HTTPResponse {
        .problem(.serviceUnavailable, detail: "no release is published yet", headers: ["Retry-After": "1"])
    }
}
