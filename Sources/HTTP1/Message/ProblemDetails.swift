import JSONText

/// An RFC 9457 problem document, the body of every refusal PackServe sends (`HTTPProblem`): `type` (always `about:blank`,
/// §4.2.1: the status code says it all), `status`, `title` (the status's reason phrase), an optional `detail`
/// for a human, and extension members (§3.2) that a client may act on, such as the hosts a 421 names.
/// This is the one place problem+json is written.
public struct ProblemDetails: Sendable {
    /// The value of an extension member.
    public enum Member: Sendable, Equatable {
        case string(String)
        case strings([String])
        case integer(Int)
    }

    public var status: HTTPStatus
    public var detail: String?
    /// Written after the standard members, in this order.
    public var extensions: [(name: String, value: Member)]

    public init(status: HTTPStatus, detail: String? = nil, extensions: [(name: String, value: Member)] = []) {
        self.status = status
        self.detail = detail
        self.extensions = extensions
    }

    /// The document as UTF-8 JSON.
    public var json: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 + (detail?.utf8.count ?? 0))
        out += #"{"type":"about:blank","status":"#.utf8
        out += String(status.code).utf8
        out += #","title":"#.utf8
        JSONText.appendString(status.reason, to: &out)
        if let detail { member("detail", .string(detail), to: &out) }
        for (name, value) in extensions { member(name, value, to: &out) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private func member(_ name: String, _ value: Member, to out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        JSONText.appendString(name, to: &out)
        out.append(UInt8(ascii: ":"))
        switch value {
        case .string(let text):
            JSONText.appendString(text, to: &out)
        case .strings(let texts):
            out.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(text, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .integer(let number):
            out += String(number).utf8
        }
    }
}
