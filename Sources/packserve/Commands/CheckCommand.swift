import ArgumentParser
import PackServer

/// `packserve check [--managed]`: lints the draft; exit 1 with one line per problem (warnings don't fail).
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint the draft: pack limits, App Store pack ids, URL hosts in allowedHosts, the essential total.")

    @ParentCommand var root: PackServe

    @Flag(help: "Also warn about packs a device with managed Background Assets could not install (not an Apple Archive, or another assetPackID).")
    var managed = false

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let draft = try context.store.listDraft()
        let findings = DraftCheck.findings(draft: draft, configuration: context.config, managed: managed)
        findings.forEach { print($0) }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
        if findings.isEmpty { print("draft ok: \(draft.count) packs") }
    }
}
