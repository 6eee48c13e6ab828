/// Why docs/architecture.md's module graph could not be read.
enum DrawnModuleGraphError: Error, CustomStringConvertible {
    case missingHeading
    case emptyTable
    case repeated(String)

    var description: String {
        switch self {
        case .missingHeading: "docs/architecture.md has no \"## Module graph\" heading"
        case .emptyTable: "docs/architecture.md's module graph has no rows (| layer | `Module` | `Dependency`, … |)"
        case .repeated(let name): "docs/architecture.md's module graph lists \(name) twice"
        }
    }
}
