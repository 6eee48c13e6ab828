import Testing

@testable import HTTP1

/// `HTTPProblem`: the one refusal value (HTTPServerTests' `HTTPProblemResponseTests`: the one way it becomes a
/// response).
@Suite struct HTTPProblemTests {
    @Test func problemsCompareByEveryPart() {
        let base = HTTPProblem(.misdirectedRequest, detail: "d", extensions: [("host", .string("a"))])
        #expect(base == HTTPProblem(.misdirectedRequest, detail: "d", extensions: [("host", .string("a"))]))
        #expect(base != HTTPProblem(.misdirectedRequest, detail: "d", extensions: [("host", .string("b"))]))
        #expect(base != HTTPProblem(.misdirectedRequest, detail: "e", extensions: [("host", .string("a"))]))
        #expect(base != HTTPProblem(.misdirectedRequest, detail: "d", headers: ["A": "b"], extensions: [("host", .string("a"))]))
        #expect(HTTPProblem.contentTooLarge("big").description == "413 big")
    }
}
