import Foundation

/// The modules a target's Swift files import (`import X`, `@testable import X`, `import struct X.Y`).
enum SourceImports {
    static func modules(importedBy directory: URL) throws -> Set<String> {
        var modules: Set<String> = []
        for file in try swiftFiles(under: directory) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let module = importedModule(line) { modules.insert(module) }
            }
        }
        return modules
    }

    /// The module an import declaration names, or nil for any other line.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        // `import struct Module.Type`: a kind before the path.
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        return String(path.split(separator: ".").first ?? path)
    }

    static func swiftFiles(under directory: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }
}
