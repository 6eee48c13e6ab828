import Foundation
import FuzzDriver
import GRDB
import PackStore

// The restore path with an index whose rows the input rewrites (Round 3, finding 4: a digest that was a path
// to the signing key, a size of Int64.max). A store with three releases is made once; for each input a copy
// of its index is changed by the input's edits (table, column, value: text, integer, real, blob or NULL),
// then restored into an empty data directory. Invariants: nothing traps; a refusal is one line and leaves no
// index behind; a restored index loads its latest snapshot, and every blob path it names stays inside the
// blob tree with a size within bounds.

final class NoSealer: ReleaseSealer {
    func seal(_ release: ReleaseSummary, version: Int, packs: [PackEntry]) throws -> ReleaseSeal {
        ReleaseSeal(
            issuedAt: 1, expiresAt: 2,
            manifest: ManifestSignature(keyID: "k", payload: [1], payloadSignature: [2], compactJWS: "j", profile: "p"),
            documents: ReleaseDocuments(profile: "p", bodies: [:]))
    }
}

let work = FileManager.default.temporaryDirectory.appendingPathComponent("index-restore-fuzzer-\(getpid())")
let template = work.appendingPathComponent("template.sqlite").path
do {
    let store = try PackStore(dataDirectory: work.appendingPathComponent("publisher"))
    for (index, id) in ["a", "b", "c"].enumerated() {
        let file = work.appendingPathComponent("pack-\(id)")
        try Data("bytes of \(id)".utf8).write(to: file)
        try store.add(file: file, id: id, tags: ["t\(index)"], policy: index == 0 ? .essential : .onDemand)
        try store.set(id: id, access: index == 2 ? .private : .public)
        _ = try store.publish(note: "r\(index)", sealedBy: NoSealer())
    }
    try store.backUpIndex(to: template)
} catch {
    fatalError("cannot make the template index: \(error)")
}

/// Where edits may land: the tables and columns whose values become paths, numbers and names.
let targets: [(table: String, columns: [String])] = [
    ("packVersion", ["packId", "sha256", "size", "contentKey", "archiveEntries", "installedBytes"]),
    ("releasePack", ["packId", "sha256", "size", "tags", "policy", "fetchOrder", "contentType", "platforms",
                     "installationEvents", "access", "appleVersion", "userInfo", "installedBytes"]),
    ("pack", ["id", "policy", "fetchOrder", "contentType", "access", "userInfo", "platforms"]),
    ("\"release\"", ["totalBytes", "packCount", "note"]),
]

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = bytes(data, size)[...]
    let run = work.appendingPathComponent("run")
    try? FileManager.default.removeItem(at: run)
    try! FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    let backup = run.appendingPathComponent("backup.sqlite").path
    try! FileManager.default.copyItem(atPath: template, toPath: backup)
    do {
        let queue = try DatabaseQueue(path: backup)
        try queue.write { db in
            while input.count >= 3 {
                let target = targets[Int(input.removeFirst()) % targets.count]
                let column = target.columns[Int(input.removeFirst()) % target.columns.count]
                let value = nextValue(&input)
                // One row, chosen by rowid (WITHOUT ROWID tables: every row).
                try? db.execute(sql: "UPDATE \(target.table) SET \(column) = ?", arguments: [value])
            }
        }
        try queue.close()
    } catch {
        return 0
    }
    let restored = run.appendingPathComponent("restored")
    do {
        let store = try PackStore.restoreIndex(from: backup, into: restored)
        let root = restored.standardizedFileURL.path + "/blobs/sha256/"
        if let snapshot = try store.loadSnapshot() {
            for pack in snapshot.packs.values {
                precondition(pack.blobPath.hasPrefix(root) && !pack.blobPath.contains(".."), "a blob path outside the tree")
                precondition((0...(1 << 40)).contains(pack.size), "a size out of bounds")
            }
        }
        for (digest, _) in try store.absentBlobs() {
            precondition(digest.utf8.count == 64 && !digest.contains("/"), "an absent blob's digest is no digest")
        }
    } catch {
        precondition(!error.description.contains("\n"), "a refusal of more than one line")
        if case .untrustworthyIndex = error {
            precondition(!FileManager.default.fileExists(atPath: restored.path + "/index.sqlite"), "a refused index was kept")
        }
    }
    return 0
}

/// A value from the input: its first byte picks the kind, the next ones give it.
func nextValue(_ input: inout ArraySlice<UInt8>) -> DatabaseValue {
    guard let kind = input.popFirst() else { return .null }
    switch kind % 5 {
    case 0: return .null
    case 1:
        var value: Int64 = 0
        for _ in 0..<8 { value = value << 8 | Int64(input.popFirst() ?? 0) }
        return value.databaseValue
    case 2: return Double(Int8(bitPattern: input.popFirst() ?? 0)).databaseValue
    case 3:
        let count = Int(input.popFirst() ?? 0) % 80
        let text = input.prefix(count)
        input = input.dropFirst(count)
        return String(decoding: text, as: UTF8.self).databaseValue
    default:
        let count = Int(input.popFirst() ?? 0) % 40
        let blob = Data(input.prefix(count))
        input = input.dropFirst(count)
        return blob.databaseValue
    }
}

runFuzzer(testOneInput)
