import Foundation

/// The module graph docs/architecture.md draws: the table under its "Module graph" heading, one row per module
/// with its layer and the modules it depends on (`| 2 | `HTTP1` | `JSON` |`).
struct DrawnModuleGraph {
    struct Module: Equatable {
        var layer: Int
        var dependencies: Set<String>
    }

    var modules: [String: Module]

    init(document: String) throws(DrawnModuleGraphError) {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("## Module graph") }) else {
            throw .missingHeading
        }
        var modules: [String: Module] = [:]
        for line in lines[lines.index(after: heading)...] {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // `| layer | module | depends on |`: four separators make five cells, the outer two empty.
            guard cells.count == 5, let layer = Int(cells[1]) else { continue }
            let name = Self.unquoted(cells[2])
            let dependencies = cells[3].split(separator: ",").map { Self.unquoted($0.trimmingCharacters(in: .whitespaces)) }
            guard modules[name] == nil else { throw .repeated(name) }
            modules[name] = Module(layer: layer, dependencies: Set(dependencies.filter { !$0.isEmpty }))
        }
        guard !modules.isEmpty else { throw .emptyTable }
        self.modules = modules
    }

    private static func unquoted(_ cell: some StringProtocol) -> String {
        String(cell.filter { $0 != "`" })
    }
}
