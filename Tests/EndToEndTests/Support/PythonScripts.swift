import Foundation

/// The Python programs the end-to-end tests run (clients, proxies, parsers nobody here wrote), as real
/// files in `Tests/EndToEndTests/Scripts/`, found beside this source file at run time: they can be read,
/// linted and run by hand like any Python.
enum PythonScripts {
    /// The absolute path of `Scripts/<name>`.
    static func path(of name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts").appendingPathComponent(name).path
    }
}
