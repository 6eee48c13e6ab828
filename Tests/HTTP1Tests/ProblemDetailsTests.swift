import Foundation
import Testing

@testable import HTTP1

/// RFC 9457 problem documents: the one encoder every refusal goes through.
@Suite struct ProblemDetailsTests {
    private func object(_ document: ProblemDetails) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(document.json)) as? [String: Any])
    }

    @Test func standardMembersComeFromTheStatus() throws {
        let json = try object(ProblemDetails(status: .notFound, detail: "no pack \"x\"\n"))
        #expect(json["type"] as? String == "about:blank")
        #expect(json["status"] as? Int == 404)
        #expect(json["title"] as? String == "Not Found")
        #expect(json["detail"] as? String == "no pack \"x\"\n")
    }

    @Test func withoutDetailThereIsNoDetailMember() throws {
        let json = try object(ProblemDetails(status: .badRequest))
        #expect(json["detail"] == nil)
        #expect(json.count == 3)
    }

    @Test func extensionMembersFollowInOrder() throws {
        let document = ProblemDetails(
            status: .misdirectedRequest, detail: "d",
            extensions: [("host", .string("evil.example")), ("allowedHosts", .strings(["a", "*.b"])), ("n", .integer(-3))])
        let json = try object(document)
        #expect(json["host"] as? String == "evil.example")
        #expect(json["allowedHosts"] as? [String] == ["a", "*.b"])
        #expect(json["n"] as? Int == -3)
        let text = String(decoding: document.json, as: UTF8.self)
        #expect(text.hasSuffix(#","host":"evil.example","allowedHosts":["a","*.b"],"n":-3}"#))
    }

    @Test func aClientReadsTheDetailBack() {
        let body = ProblemDetails(status: .conflict, detail: "nothing to publish").json
        #expect(ProblemDetails.detail(in: body) == "nothing to publish")
        #expect(ProblemDetails.detail(in: Array("not json".utf8)) == nil)
        #expect(ProblemDetails.detail(in: Array(#"{"status":500}"#.utf8)) == nil)
    }
}
