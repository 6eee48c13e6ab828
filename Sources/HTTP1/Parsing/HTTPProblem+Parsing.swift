/// The refusals of reading a request. Every one ends the connection, because after a framing error the
/// server can no longer tell where the next request would start (RFC 9112 §2.2, §6.3, §11.2).
extension HTTPProblem {
    package static func badRequest(_ detail: String) -> HTTPProblem { HTTPProblem(.badRequest, detail: detail) }
    package static func headerFieldsTooLarge(_ detail: String) -> HTTPProblem {
        HTTPProblem(.requestHeaderFieldsTooLarge, detail: detail)
    }
    package static func contentTooLarge(_ detail: String) -> HTTPProblem { HTTPProblem(.contentTooLarge, detail: detail) }
    package static func notImplemented(_ detail: String) -> HTTPProblem { HTTPProblem(.notImplemented, detail: detail) }
}
