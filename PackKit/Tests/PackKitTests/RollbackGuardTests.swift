import Foundation
import PackKitTestSupport
import PackKitWire
import Testing
@testable import PackKit

@Suite struct RollbackGuardTests {
    let directory = temporaryDirectory()
    let signer = TestSigner()
    var file: URL { directory.appendingPathComponent("rollback.json") }

    func verified(_ version: Int, channel: String = "production", release: Int = 4) throws -> VerifiedManifest {
        var manifest = SampleManifest.manifest(version: version, channel: channel, packs: [])
        manifest.release = release
        return try ManifestVerifier(keys: [signer.pinnedKey], channel: channel)
            .verifyIgnoringExpiry(compactJWS: signer.sign(manifest))
    }

    @Test func refusesALowerVersionAcrossARestart() throws {
        try RollbackGuard(file: file).admit(verified(17))
        // A new instance on the same file: what a relaunched app gets.
        let relaunched = RollbackGuard(file: file)
        #expect(throws: PackKitError.rollback(.lowerVersion(version: 16, highest: 17, issuer: "https://packs.test", channel: "production"))) {
            try relaunched.admit(verified(16))
        }
        try relaunched.admit(verified(18))
        #expect(try RollbackGuard(file: file).highestVersion(issuer: "https://packs.test", channel: "production") == 18)
    }

    @Test func refusesTheSameVersionWithOtherBytes() throws {
        let guardian = RollbackGuard(file: file)
        try guardian.admit(verified(17))
        try guardian.admit(verified(17))  // the same bytes again: fine
        #expect(throws: PackKitError.rollback(.sameVersionOtherBytes(version: 17, issuer: "https://packs.test", channel: "production"))) {
            try RollbackGuard(file: file).admit(verified(17, release: 5))
        }
    }

    @Test func keepsVersionsPerChannel() throws {
        let guardian = RollbackGuard(file: file)
        try guardian.admit(verified(30, channel: "beta"))
        try guardian.admit(verified(3))
        #expect(throws: PackKitError.self) { try guardian.admit(verified(29, channel: "beta")) }
    }

    /// The state is replaced by rename: a temporary file left by a crash mid-write changes nothing, no
    /// temporary file survives a write, and the file is a new inode after each write.
    @Test func writesAtomically() throws {
        let guardian = RollbackGuard(file: file)
        try guardian.admit(verified(1))
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        try Data("{\"entries\":[{\"garbage".utf8).write(to: directory.appendingPathComponent(".rollback.json.crash.tmp"))
        try guardian.admit(verified(2))
        let after = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        #expect(before != after)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers == [".rollback.json.crash.tmp"])
        #expect(try guardian.highestVersion(issuer: "https://packs.test", channel: "production") == 2)
    }

    @Test func failsClosedOnADamagedFile() throws {
        try Data("not json".utf8).write(to: file)
        #expect(throws: PackKitError.self) { try RollbackGuard(file: file).admit(verified(99)) }
    }
}
