import ArgumentParser
import Foundation
import PackClient
import PackKitWire
import ReleaseViews
import Synchronization

/// `packserve verify URL-or-FILE --key PUB.pem [--channel C] [--download] [--token-file F] [--cacert CA.pem]`: checks a manifest the way a download client
/// must, and with `--download` every pack's bytes. Prints one line per failure on standard output and
/// exits 1 if there is any; runs without a config or a store (it is the client's side).
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a manifest's signature, key id and expiry; with --download, every pack's size and SHA-256.",
        discussion: """
            URL-or-FILE holds the compact JWS (/manifest) or the JSON payload (/manifest.json), whose raw signature \
            is then read from the same place with .sig appended. With --download, interrupted transfers are resumed \
            with HTTP Range, within the run and across runs: partial files stay in the --into directory until the \
            pack is verified.
            """)

    @Argument(help: "The manifest: an http(s) URL or a file.")
    var source: String

    @Option(help: "The SPKI PEM public key to verify with (manifest-signing.pub from keygen).")
    var key: String

    @Flag(help: "Download every pack and check its size and SHA-256.")
    var download = false

    @Option(help: "Where downloads are written and partial ones kept for resuming (default: a per-user temporary directory).")
    var into: String?

    @Option(help: "Attempts after a broken transfer, per pack, each resuming where the last one stopped.")
    var retries = 5

    @Option(help: "The channel the manifest must be signed for (default production); another channel's is refused.")
    var channel: String = "production"

    @Option(help: "Refuse a manifest whose version is lower (a rollback): the highest version already accepted.")
    var minVersion: Int?

    @Option(help: "A file holding a download token, sent as Authorization: Bearer with every request (private packs).")
    var tokenFile: String?

    @Option(help: "PEM certificates to trust for HTTPS instead of the system's (e.g. the development CA, .packserve/tls/ca.pem).")
    var cacert: String?

    func run() async throws {
        let pinned: PinnedKey
        do {
            pinned = try PinnedKey(pem: String(contentsOfFile: key, encoding: .utf8))
        } catch {
            throw CommandFailure("\(key): \(error)")
        }
        // As an app checks (PackKit's verifier), without its clock-skew leeway: an operator's check is exact.
        let verifier = ManifestVerifier(keys: [pinned], channel: channel, clockSkewLeeway: .zero)
        let token = try tokenFile.map(TokenFile.read)
        let fetcher: HTTPFetcher
        do { fetcher = try HTTPFetcher(bearerToken: token, caFile: cacert) } catch {
            throw CommandFailure(error.description)
        }
        let manifestSource = ManifestSource(source)
        let verified: VerifiedManifest
        do {
            verified = try await manifestSource.load(using: fetcher).verify(with: verifier, now: Date())
        } catch {
            print("manifest \(manifestSource): \(error)")
            throw ExitCode.failure
        }
        let document = verified.manifest
        if let minVersion, document.version < minVersion {
            print("manifest \(manifestSource): version \(document.version) is lower than \(minVersion), a rollback")
            throw ExitCode.failure
        }
        let expiry = Date(timeIntervalSince1970: TimeInterval(document.exp)).formatted(.iso8601)
        let builds = document.builds.flatMap { try? BuildRange(min: $0.min, max: $0.max) }.map { ", builds \($0)" } ?? ""
        print("manifest version \(document.version) (release \(document.release)\(builds), \(document.packs.count) packs): "
            + "signed by key \(verified.keyID), expires \(expiry)")
        guard download else { return }
        try await downloadPacks(of: document, using: fetcher)
    }

    private func downloadPacks(of document: PackManifest, using fetcher: HTTPFetcher) async throws {
        let directory: DownloadDirectory
        do { directory = try DownloadDirectory(path: into ?? DownloadDirectory.defaultPath) } catch {
            throw CommandFailure(error.description)
        }
        let display = Mutex<(id: String, line: ProgressLine)?>(nil)
        let check = PackDownloadCheck(
            fetcher: fetcher, directory: directory, retries: max(retries, 0),
            note: { FileHandle.standardError.write(Data("\($0)\n".utf8)) },
            progress: { id, done, total in
                display.withLock { current in
                    if current?.id != id {
                        current?.line.finish()
                        current = (id, ProgressLine(label: "downloading \(id)"))
                    }
                    current?.line.update(done: done, total: total)
                }
            })
        let report = await check.run(document)
        display.withLock { $0?.line.finish() }
        let leftovers = !directory.removeIfEmpty()
        for failure in report.failures { print(failure) }
        var summary = "\(report.verified) of \(document.packs.count) packs verified: \(report.transferred) bytes downloaded"
        summary += " (\(ByteCount.format(report.transferred)))"
        if report.resumedBytes > 0 { summary += ", \(report.resumedBytes) bytes resumed from an earlier run" }
        print(summary)
        if !report.failures.isEmpty {
            if leftovers {
                FileHandle.standardError.write(Data("partial downloads are kept in \(directory.path) for the next run\n".utf8))
            }
            throw ExitCode.failure
        }
    }
}
