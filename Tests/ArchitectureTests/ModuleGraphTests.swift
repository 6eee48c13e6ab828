import Foundation
import Testing

/// The module graph of Package.swift is the one docs/architecture.md draws: the same modules, the same edges, every
/// edge pointing to a lower layer, and no file importing a module its target does not declare (SwiftPM lets a
/// target import its dependencies' dependencies, which would leave an edge nobody drew).
@Suite struct ModuleGraphTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped and supporting modules: every target whose sources are under Sources/.
    static func sourceTargets() throws -> [PackageTargets.Target] {
        let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        return PackageTargets(manifest: manifest).targets.filter { target in
            !target.isTest && (target.path.map { $0.hasPrefix("Sources/") } ?? true)
        }
    }

    static func drawn() throws -> DrawnModuleGraph {
        try DrawnModuleGraph(document: String(
            contentsOf: repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8))
    }

    @Test func theDrawingHasEveryModuleOfThePackageAndNoOther() throws {
        let declared = Set(try Self.sourceTargets().map(\.name))
        let drawn = Set(try Self.drawn().modules.keys)
        #expect(declared.subtracting(drawn).sorted() == [], "in Package.swift, not in docs/architecture.md")
        #expect(drawn.subtracting(declared).sorted() == [], "in docs/architecture.md, not in Package.swift")
    }

    @Test func everyDeclaredEdgeIsDrawnAndEveryDrawnEdgeDeclared() throws {
        let drawn = try Self.drawn()
        for target in try Self.sourceTargets() {
            let picture = drawn.modules[target.name]?.dependencies ?? []
            #expect(target.dependencies.subtracting(picture).sorted() == [], "\(target.name): declared, not drawn")
            #expect(picture.subtracting(target.dependencies).sorted() == [], "\(target.name): drawn, not declared")
        }
    }

    @Test func everyEdgePointsToALowerLayer() throws {
        let drawn = try Self.drawn()
        for (name, module) in drawn.modules {
            for dependency in module.dependencies {
                let below = drawn.modules[dependency]?.layer ?? Int.max
                #expect(below < module.layer, "\(name) (layer \(module.layer)) → \(dependency) (layer \(below))")
            }
        }
    }

    @Test func noTargetImportsAModuleItDoesNotDeclare() throws {
        let targets = try Self.sourceTargets()
        let ours = Set(targets.map(\.name))
        for target in targets {
            let directory = Self.repository.appendingPathComponent(target.path ?? "Sources/\(target.name)")
            let imported = try SourceImports.modules(importedBy: directory).intersection(ours)
            let undeclared = imported.subtracting(target.dependencies).subtracting([target.name])
            #expect(undeclared.sorted() == [], "\(target.name) imports what Package.swift does not give it")
        }
    }

    /// HTTP/1.1 as values and parsers: nothing in HTTP1 opens, reads or writes a socket.
    @Test func http1CallsNoSocketFunction() throws {
        let calls = /\b(socket|connect|accept4?|bind|listen|send|sendto|recv|recvfrom|sendfile|setsockopt|getaddrinfo|epoll_[a-z]+|SSL_[A-Za-z_]+)\(/
        let directory = Self.repository.appendingPathComponent("Sources/HTTP1")
        for file in try SourceImports.swiftFiles(under: directory) {
            // Code only: a comment may well say that the server sends with sendfile(2).
            let code = PackageTargets.withoutComments(try String(contentsOf: file, encoding: .utf8))
            let found = code.matches(of: calls).map { String($0.output.0) }
            #expect(found == [], "\(file.lastPathComponent)")
        }
    }

    @Test func theManifestReaderSeesPlainDependenciesOnly() {
        let targets = PackageTargets(manifest: """
            .target(name: "A"), // a comment (with "B")
            .target(
                name: "C",
                dependencies: ["A", .product(name: "Crypto", package: "swift-crypto")],
                path: "Sources/C"),
            .testTarget(name: "CTests", dependencies: ["C"]),
            """).targets
        #expect(targets.map(\.name) == ["A", "C", "CTests"])
        #expect(targets[1].dependencies == ["A"])
        #expect(targets[1].path == "Sources/C")
        #expect(targets[2].isTest)
    }
}
