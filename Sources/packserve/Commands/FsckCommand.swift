import ArgumentParser
import Foundation
import PackServer
import PackStore

/// `packserve fsck [--repair]`: index versus blobs, the stored manifests' signatures and the documents kept
/// with releases. Exit 1 on damage (missing or corrupt blobs, index problems, manifests that no longer verify,
/// documents that no longer match their release); leftovers only warn.
struct FsckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsck",
        abstract: "Check the index against the blobs (missing, corrupt, orphaned, temp files) and the manifests' signatures.")

    @ParentCommand var root: PackServe

    @Flag(help: "Remove orphaned blobs and leftover temp files (never anything the index references).")
    var repair = false

    @Flag(help: "Also check the bucket (storage.type s3) against the index: objects present, sizes, blob contents, the pointer.")
    var storage = false

    @OptionGroup var wait: LockWaitOption

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let keys = try SigningKeys.verificationKeys(context.config)
        let store = try context.store.fsck(repair: repair, wait: wait.lockWait)
        var manifestsChecked = 0
        var manifestProblems: [StoredManifestProblem] = []
        try context.store.forEachManifest { manifest in
            manifestsChecked += 1
            if let problem = StoredManifestCheck.problem(in: manifest, keys: keys) { manifestProblems.append(problem) }
        }
        let documentProblems = try StoredDocumentCheck.problems(
            in: context.store, baseURL: context.config.publicBaseURL, style: context.config.packURLs)
        let report = StoreCheckReport(
            store: store, manifestsChecked: manifestsChecked, manifestProblems: manifestProblems,
            documentProblems: documentProblems)
        report.lines.forEach { print($0) }
        print(report.summary)
        for warning in report.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        let bucketDamaged = try storage && checkBucket(context)
        if report.isDamaged || bucketDamaged { throw ExitCode(1) }
    }

    /// `--storage`: one line per problem; true when there is any.
    private func checkBucket(_ context: StoreContext) throws -> Bool {
        guard let bucket = try BucketPublishing.bucket(context) else {
            throw CommandFailure("--storage checks the bucket of storage.type s3; this configuration has storage.type local")
        }
        let scratch = context.store.dataDirectory.appendingPathComponent("tmp").path
        let (problems, checked) = try BucketCheck(
            store: context.store, bucket: bucket, configuration: context.config, scratchDirectory: scratch
        ).run()
        for problem in problems { print("bucket: \(problem)") }
        print("bucket: \(checked) objects checked, \(problems.count) problems")
        return !problems.isEmpty
    }
}
