import Foundation
import JSONText

/// Every refusal of the pack store. Descriptions are one-line, user-facing messages: the CLI prints them as they
/// are and the HTTP layer can put them in a problem+json `detail`.
public enum PackStoreError: Error, Equatable, Sendable {
    case invalidPackID(String)
    case invalidTag(String)
    case unknownPackID(String)
    case unknownPolicy(String)
    case unknownAccess(String)
    case unknownPlatform(String)
    case unknownInstallationEvents(String)
    case packTooLarge(path: String, size: Int64, maxPackBytes: Int64)
    case fileChangedDuringIngest(path: String)
    case fileNotFound(path: String)
    case notARegularFile(path: String)
    /// An entry of a directory given to `add` that a pack cannot hold (symbolic link, FIFO, socket, device).
    case unsupportedDirectoryEntry(path: String, kind: String)
    /// A directory whose zip grew past `maxPackBytes` while it was being written (and was deleted).
    case archiveTooLarge(path: String, maxPackBytes: Int64)
    case nothingToPublish(latestRelease: Int?)
    /// `rollback N` when the latest release already has release N's content (the draft plays no part).
    case rollbackChangesNothing(release: Int, latestRelease: Int)
    case unknownRelease(Int)
    /// The release exists in the history but `gc` dropped its contents, so it can no longer be listed or restored.
    case releasePruned(Int)
    case invalidKeepReleases(Int)
    case invalidOrder(Int)
    case invalidContentType(String)
    /// A file-system call failed; `operation` names what was being done (e.g. "write blob").
    case io(operation: String, path: String, errno: Int32)
    case archiveFailed(path: String, reason: String)
    case database(message: String)
    /// The index was migrated by a newer PackServe; refusing protects its data.
    case indexTooNew(path: String)
    /// The caller's signer failed; nothing was stored.
    case signingFailed(reason: String)
    case invalidTokenName(String)
    case unknownScope(String)
    case tokenExists(String)
    case unknownToken(String)
    /// A streamed pack did not hash to the digest its sender announced; nothing was stored.
    case digestMismatch(expected: String, actual: String)
    /// A streamed pack ended before its announced length; nothing was stored.
    case uploadIncomplete(received: Int64)
    /// `gc` or `fsck --repair` gave up waiting for the ingest lock (an upload or `add` kept it).
    case lockBusy(path: String, waitedSeconds: Int)
    /// Bytes that start as an Apple Archive but are not a valid one, or whose `Manifest.json` cannot be used;
    /// `reason` is the reader's one line. Nothing was stored.
    case invalidArchive(path: String, reason: String)
    /// What was given (an id, a policy, platforms) differs from what the archive's `Manifest.json` says.
    case archiveContradiction(path: String, key: String, archive: String, given: String)
    /// `add` without an id, of bytes that are not an Apple Archive naming its `assetPackID`.
    case missingPackID(path: String)
    /// A compressed or encrypted Apple Archive (which PackServe does not read) added without an id and a policy.
    case unreadableArchive(path: String, container: String)
    /// `set` of an attribute an Apple Archive pack takes from its `Manifest.json`.
    case attributeFromArchive(id: String, key: String, archive: String)
    /// `set --user-info` of an Apple Archive pack, whose `userInfo` is its `Manifest.json`'s.
    case userInfoFromArchive(id: String)
    /// A `userInfo` that is not one JSON document or breaks `UserInfoLimits`: the problem in one line.
    case invalidUserInfo(String)
    /// A raw Apple Archive with more entries than `limits.maxArchiveEntries`.
    case tooManyArchiveEntries(path: String, maxArchiveEntries: Int)
    /// An index row that breaks `StoredValueRules` (`PackStore.auditIndex()`): a restored or hand-edited index.
    case untrustworthyIndex(path: String, problem: String)
    /// A bucket document (`release.json`, `current.json`) whose values break `StoredValueRules`.
    case untrustworthyDocument(name: String, problem: String)
    /// A refusal about channels or app builds (docs/channels.md).
    case channel(ChannelRefusal)
}

extension PackStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidPackID(let id):
            "invalid pack id \"\(id)\": use 1-128 characters A-Z, a-z, 0-9, '.' or '-', starting with a letter or digit"
        case .invalidTag(let tag):
            "invalid tag \"\(tag)\": use 1-64 characters A-Z, a-z, 0-9, '.', '_' or '-', starting with a letter or digit"
        case .unknownPackID(let id):
            "unknown pack id \"\(id)\""
        case .unknownPolicy(let policy):
            "unknown policy \"\(policy)\": use essential, prefetch or on-demand"
        case .unknownAccess(let access):
            "unknown access \"\(access)\": use public or private"
        case .unknownPlatform(let platform):
            "unknown platform \"\(platform)\": use ios, macos, tvos, visionos or all"
        case .unknownInstallationEvents(let events):
            "unknown installation events \"\(events)\": use firstInstallation, subsequentUpdate or firstInstallation,subsequentUpdate"
        case .packTooLarge(let path, let size, let max):
            "\(path) is \(size) bytes, more than maxPackBytes (\(max))"
        case .fileChangedDuringIngest(let path):
            "\(path) changed while it was being read; nothing was added, try again once it is stable"
        case .fileNotFound(let path):
            "no such file or directory: \(path)"
        case .notARegularFile(let path):
            "\(path) is neither a regular file nor a directory"
        case .unsupportedDirectoryEntry(let path, let kind):
            "\(path) is a \(kind): a directory pack holds only regular files and directories; nothing was added"
        case .archiveTooLarge(let path, let max):
            "\(path) zips to more than maxPackBytes (\(max) bytes); nothing was added"
        case .nothingToPublish(let latest):
            if let latest {
                "nothing to publish: the draft is identical to release \(latest)"
            } else {
                "nothing to publish: the draft is empty"
            }
        case .rollbackChangesNothing(let number, let latest):
            if number == latest {
                "nothing to roll back: release \(number) is the latest release"
            } else {
                "nothing to roll back: the latest release, \(latest), already has the content of release \(number)"
            }
        case .unknownRelease(let number):
            "unknown release \(number)"
        case .releasePruned(let number):
            "release \(number) was pruned by gc; its contents are no longer kept"
        case .invalidKeepReleases(let count):
            "cannot keep \(count) releases: keep at least 1"
        case .invalidOrder(let order):
            "invalid order \(order): use a number from 0 to 2147483647"
        case .invalidContentType(let type):
            "invalid content type \"\(type)\": expected type/subtype, e.g. application/zip"
        case .io(let operation, let path, let code):
            "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case .archiveFailed(let path, let reason):
            "cannot zip directory \(path): \(reason)"
        case .database(let message):
            "index database error: \(message)"
        case .indexTooNew(let path):
            "\(path) was written by a newer version of packserve; upgrade to use it"
        case .signingFailed(let reason):
            "cannot sign the manifest: \(reason)"
        case .invalidTokenName(let name):
            "invalid token name \"\(name)\": use 1-64 characters A-Z, a-z, 0-9, '.', '_' or '-', starting with a letter or digit"
        case .unknownScope(let scope):
            "unknown scope \"\(scope)\": use a comma-separated list of upload, publish, read, download"
        case .tokenExists(let name):
            "a token named \(name) exists already: revoke it first or choose another name"
        case .unknownToken(let name):
            "no token named \(name)"
        case .digestMismatch(let expected, let actual):
            "the content's SHA-256 is \(actual), not \(expected) as announced; nothing was added"
        case .uploadIncomplete(let received):
            "the upload ended after \(received) bytes, before its end; nothing was added"
        case .invalidArchive(let path, let reason):
            "\(path): \(reason); nothing was added"
        case .archiveContradiction(let path, let key, let archive, let given):
            "\(path): its Manifest.json says \(key) \(archive), not \(given); nothing was added"
        case .missingPackID(let path):
            "no pack id for \(path): give one (it is not an Apple Archive whose Manifest.json names an assetPackID)"
        case .unreadableArchive(let path, let container):
            "\(path) is \(container), which PackServe cannot read: give its id and policy; nothing was added"
        case .attributeFromArchive(let id, let key, let archive):
            "\(id) is an Apple Archive whose Manifest.json says \(key) \(archive): add a new archive to change it"
        case .userInfoFromArchive(let id):
            "\(id) is an Apple Archive: its userInfo is the one in its Manifest.json; add a new archive to change it"
        case .invalidUserInfo(let problem):
            problem
        case .tooManyArchiveEntries(let path, let limit):
            "\(path) is an Apple Archive of more than \(limit) entries, the most limits.maxArchiveEntries allows; nothing was added"
        // The problem quotes what was read (a digest that is a path, an id with a line break): one line still.
        case .untrustworthyIndex(let path, let problem):
            "\(path) cannot be trusted: \(JSONText.oneLine(problem))"
        case .untrustworthyDocument(let name, let problem):
            "\(name) cannot be trusted: \(JSONText.oneLine(problem))"
        case .channel(let refusal):
            refusal.description
        case .lockBusy(let path, let seconds):
            "gave up after \(seconds) s: an upload or add still holds \(path); nothing was changed (retry, or give --wait more seconds)"
        }
    }
}

extension PackStoreError: LocalizedError {
    public var errorDescription: String? { description }
}
