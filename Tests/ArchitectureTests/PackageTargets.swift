import Foundation

/// The targets `Package.swift` declares and the targets of this package each one depends on, read from the
/// manifest's text. The manifest is Swift, but its target list has one regular shape here
/// (`.target(name: "X", dependencies: [...], path: ...)`), so reading that shape is enough, and it keeps the
/// test from running `swift package dump-package` (a second SwiftPM beside the one running the tests).
struct PackageTargets {
    struct Target: Equatable {
        var name: String
        /// Names given as plain strings: targets of this package (products of others are `.product(...)`).
        var dependencies: Set<String>
        /// The declared `path:`, or nil for the default `Sources/<name>`.
        var path: String?
        var isTest: Bool
    }

    var targets: [Target]

    init(manifest: String) {
        let text = Self.withoutComments(manifest)
        var found: [Target] = []
        let starts = [".target(", ".executableTarget(", ".testTarget("]
        var index = text.startIndex
        while let match = starts.compactMap({ text.range(of: $0, range: index..<text.endIndex) })
            .min(by: { $0.lowerBound < $1.lowerBound })
        {
            let open = text.index(before: match.upperBound)
            let close = Self.matchingClose(in: text, from: open)
            let body = String(text[match.upperBound..<close])
            found.append(Target(
                name: Self.stringArgument("name", in: body) ?? "",
                dependencies: Self.plainStrings(inArrayArgument: "dependencies", of: body),
                path: Self.stringArgument("path", in: body),
                isTest: text[match].hasPrefix(".testTarget")))
            index = text.index(after: close)
        }
        targets = found
    }

    /// Line comments removed (the manifest's strings hold no `//`).
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
    }

    /// The index of the bracket that closes the one at `open`, counting nesting of `(` and `[`.
    static func matchingClose(in text: String, from open: String.Index) -> String.Index {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return text.endIndex
    }

    /// `label: "value"` at the top level of a call's arguments.
    static func stringArgument(_ label: String, in body: String) -> String? {
        guard let labelRange = body.range(of: "\(label): \"") else { return nil }
        let rest = body[labelRange.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The plain string elements of `label: [ ... ]`, skipping nested calls such as `.product(name: "X", ...)`.
    static func plainStrings(inArrayArgument label: String, of body: String) -> Set<String> {
        guard let labelRange = body.range(of: "\(label): [") else { return [] }
        let open = body.index(before: labelRange.upperBound)
        let close = matchingClose(in: body, from: open)
        var names: Set<String> = []
        var depth = 0
        var index = body.index(after: open)
        while index < close {
            let character = body[index]
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth -= 1 }
            if character == "\"", depth == 0, let end = body[body.index(after: index)..<close].firstIndex(of: "\"") {
                names.insert(String(body[body.index(after: index)..<end]))
                index = body.index(after: end)
                continue
            }
            index = body.index(after: index)
        }
        return names
    }
}
