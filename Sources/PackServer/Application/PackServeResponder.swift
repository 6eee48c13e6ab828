import HTTPServer

/// The application's routes (CONTRACT.md "HTTP"), in front of the HTTP core.
public struct PackServeResponder: HTTPResponder {
    let health = HealthRoute()
    let staticFiles: StaticFileRoute

    public init(configuration: PackServeConfiguration) {
        let files = FileResponder(maxRanges: configuration.limits.maxRanges)
        staticFiles = StaticFileRoute(root: configuration.publicDirectory, files: files)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/healthz": health.respond(to: request)
        default: staticFiles.respond(to: request)
        }
    }
}
