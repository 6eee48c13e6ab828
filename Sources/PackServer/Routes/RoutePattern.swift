/// A path pattern such as `/packs/{id}` or `/blobs/sha256/{hex}`: literal segments and `{name}` parameters,
/// each matching one whole decoded segment. Parsed once when the route table is made, never per request.
struct RoutePattern: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    let description: String

    /// `pattern` starts with `/`; `{…}` marks a parameter segment.
    init(_ pattern: String) {
        description = pattern
        segments = pattern.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}")
                ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// No parameters: the route answers exactly one path.
    var isExact: Bool { !segments.contains { if case .parameter = $0 { true } else { false } } }

    /// The first segment, which the table indexes parametric routes by (patterns start with a literal).
    var firstLiteral: String? {
        if case .literal(let text)? = segments.first { text } else { nil }
    }

    /// The parameter values, in order, when `path` (decoded segments) matches; else nil.
    func match(_ path: [String]) -> [String]? {
        guard path.count == segments.count else { return nil }
        var parameters: [String] = []
        for (segment, value) in zip(segments, path) {
            switch segment {
            case .literal(let text): guard text == value else { return nil }
            case .parameter: parameters.append(value)
            }
        }
        return parameters
    }
}
