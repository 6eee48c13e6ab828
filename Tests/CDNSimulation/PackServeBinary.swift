import Foundation

/// The `packserve` executable the package built, found next to the running executable: the tests'
/// (`.build/debug/packserve` beside `.build/debug/<Package>PackageTests.xctest`) or the CDN benchmark's
/// (`.build-bench/release/packserve` beside `cdn-bench`), so each runs the build it came with.
package enum PackServeBinary {
    package static func path() throws -> String { try path(of: "packserve") }

    /// An executable of this build by name (`packserve`, or a dependency's product such as `packkit-example`).
    package static func path(of name: String) throws -> String {
        let testExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
        var looked: [String] = []
        // On macOS the test executable sits inside a bundle (…/X.xctest/Contents/MacOS), a few levels down.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            looked.append(candidate)
            directory.deleteLastPathComponent()
        }
        throw EndToEndFailure("the \(name) binary is missing (looked at \(looked.joined(separator: ", "))): build it with `swift build --build-tests` first")
    }
}
