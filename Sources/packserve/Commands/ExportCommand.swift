import ArgumentParser
import Foundation
import PackServer
import PackStore

/// `packserve export DIR [--release N | --channel C] [--base-url URL]`: a release in the bucket layout, written
/// into a directory for a static host (docs/object-storage.md "Export").
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a release in the bucket layout into a directory, for nginx or any static host to serve.")

    @ParentCommand var root: PackServe

    @Argument(help: "The directory to write (created if missing); serve it as the document root.")
    var directory: String

    @Option(help: "The release to export (default: the latest).")
    var release: Int?

    @Option(help: "Export the release this channel's clients that name no build read, with its manifest.")
    var channel: String?

    @Option(help: "The URL the directory will be served at: the release is signed again for it, pack URLs URL/blobs/sha256/{hex}.")
    var baseURL: String?

    func run() async throws {
        if release != nil && channel != nil {
            throw CommandFailure("give --release or --channel, not both: a channel names its release")
        }
        let channel = try channel.map(ViewArguments.channel)
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try baseURL.map { _ in try context.signer() }
        let progress = BucketProgressLine()
        let report: BucketPublishReport
        do {
            report = try ReleaseExport(store: context.store, configuration: context.config, signer: signer)
                .export(to: directory, release: release, channel: channel, baseURL: baseURL, progress: progress.update)
        } catch {
            progress.finish()
            throw CommandFailure("export: \(error)")
        }
        progress.finish()
        print("exported release \(report.release) (manifest version \(report.version)) to \(directory): "
            + "\(report.blobsSent) blobs (\(report.bytesSent) bytes) written, \(report.blobsPresent) already there, "
            + "\(report.documentsSent) documents")
        print("manifest: releases/\(report.release)/manifests/\(report.version)/manifest")
    }
}
