import ArgumentParser
import PackServer

/// `packserve check`: lints the draft; exit 1 with one line per problem (warnings don't fail).
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the draft: pack limits, App Store pack ids, URL hosts in allowedHosts, the essential total.")

    @ParentCommand var root: PackServe

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let draft = try context.store.listDraft()
        let findings = DraftCheck.findings(draft: draft, configuration: context.config)
        findings.forEach { print($0) }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
        if findings.isEmpty { print("draft ok: \(draft.count) packs") }
    }
}
