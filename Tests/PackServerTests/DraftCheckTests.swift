import PackStore
import Testing

@testable import PackServer

/// Every rule of `packserve check`, on a hand-made draft.
@Suite struct DraftCheckTests {
    func pack(_ id: String, size: Int64, policy: PackPolicy = .onDemand) -> PackEntry {
        PackEntry(id: id, version: 1, size: size, sha256: String(repeating: "a", count: 64), tags: [], policy: policy,
                  order: 0, contentType: "application/zip")
    }

    var configuration: PackServeConfiguration {
        var c = PackServeConfiguration()
        c.publicBaseURL = "https://assets.example.com"
        c.allowedHosts = ["assets.example.com"]
        c.limits.maxPackBytes = 100 << 20
        c.limits.maxEssentialBytes = 1_000
        return c
    }

    @Test func aCleanDraftHasNoFindings() {
        #expect(DraftCheck.findings(draft: [pack("level-1", size: 10), pack("base", size: 900, policy: .essential)],
                                    configuration: configuration).isEmpty)
    }

    @Test func eachProblemIsOneFinding() {
        let findings = DraftCheck.findings(
            draft: [
                pack("Level_1", size: 10),
                pack("huge", size: 101 << 20),
                pack("big", size: 65 << 20),
                pack("base", size: 600, policy: .essential),
                pack("more", size: 600, policy: .essential),
            ],
            configuration: configuration)
        let errors = findings.filter { $0.severity == .error }.map(\.message)
        let warnings = findings.filter { $0.severity == .warning }.map(\.message)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.contains { $0.contains("\"Level_1\"") && $0.contains("App Store Connect") })
        #expect(errors.contains { $0.contains("huge") && $0.contains("limits.maxPackBytes") })
        #expect(errors.contains { $0.contains("1200 bytes") && $0.contains("limits.maxEssentialBytes") })
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("64 MiB") }, "\(warnings)")
        #expect(findings.allSatisfy { !$0.description.contains("\n") })
    }

    @Test func aURLHostOutsideTheAllowListIsAnError() {
        var c = configuration
        c.allowedHosts = ["other.example.com"]
        let findings = DraftCheck.findings(draft: [pack("level-1", size: 10)], configuration: c)
        #expect(findings.map(\.description) == ["error: pack level-1 URL host assets.example.com is not in allowedHosts"])
    }

    @Test func aPlaintextBaseURLIsAWarningNamingHTTPS() {
        var c = configuration
        c.publicBaseURL = "http://assets.example.com"
        let findings = DraftCheck.findings(draft: [pack("level-1", size: 10)], configuration: c)
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("not https") == true)
    }

    /// `--managed` warns about what a managed device could not install; plain `check` stays quiet about it.
    @Test(arguments: [
        (nil, "pack p is not an Apple Archive: a managed device cannot install it (make it with xcrun ba-package)"),
        (PackArchive(assetPackID: nil, entries: 2, installedBytes: 5),
         "pack p has no Manifest.json naming its assetPackID: a managed device cannot install it"),
        (PackArchive(assetPackID: "q", entries: 2, installedBytes: 5),
         "pack p's archive says assetPackID \"q\": a managed device cannot install it under this id"),
        (PackArchive(assetPackID: "p", entries: 2, installedBytes: 5), nil),
    ] as [(PackArchive?, String?)])
    func managedInstallability(archive: PackArchive?, warning: String?) {
        var entry = pack("p", size: 10)
        entry.archive = archive
        #expect(DraftCheck.findings(draft: [entry], configuration: configuration).isEmpty)
        #expect(DraftCheck.findings(draft: [entry], configuration: configuration, managed: true).map(\.description)
            == (warning.map { ["warning: " + $0] } ?? []))
    }
}
