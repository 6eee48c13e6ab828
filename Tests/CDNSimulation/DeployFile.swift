import Foundation

/// A shipped configuration under deploy/, as the tests run it: the file itself with the few values that
/// differ on a test machine (ports, paths) replaced. Each replacement must match, so a test fails loudly
/// instead of silently running something other than what ships when the file changes.
package struct DeployFile {
    package private(set) var text: String
    package let path: String

    /// This file is Tests/CDNSimulation/DeployFile.swift: three levels up. (A compile-time path: the tests and
    /// the CDN benchmark run from the checkout they were built in.)
    package static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relativePath` from the repository root, e.g. `deploy/varnish/packserve.vcl`.
    package init(_ relativePath: String) throws {
        path = Self.repository.appendingPathComponent(relativePath).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EndToEndFailure("cannot read the shipped file \(path)")
        }
        text = String(decoding: data, as: UTF8.self)
    }

    /// Replaces every match of `pattern` (a regular expression) with `replacement`; throws if none matches.
    package mutating func replace(_ pattern: String, with replacement: String) throws {
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let whole = NSRange(text.startIndex..., in: text)
        guard expression.numberOfMatches(in: text, range: whole) > 0 else {
            throw EndToEndFailure("\(path) no longer contains /\(pattern)/: update the test's substitutions")
        }
        text = expression.stringByReplacingMatches(
            in: text, range: whole, withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
    }

    package func write(to destination: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: destination))
    }
}
