/// What `fsck` found (and, with `repair`, removed).
public struct FsckReport: Sendable, Hashable {
    /// Referenced blobs that were checked (existence, size and hash).
    public var checkedBlobs: Int = 0
    public var missingBlobs: [BlobProblem] = []
    public var corruptBlobs: [BlobProblem] = []
    /// Files in the blob tree no index row references (paths). Harmless; `repair` or `gc` removes them.
    public var orphanBlobs: [String] = []
    public var orphanBytes: Int64 = 0
    /// Files left in `tmp/` by interrupted ingests (paths). Harmless; `repair` removes them.
    public var tempFiles: [String] = []
    /// SQLite `quick_check` and `foreign_key_check` findings.
    public var indexProblems: [String] = []
    /// Files `repair` deleted (only orphans and temp files, ever).
    public var removedFiles: [String] = []

    public init() {}

    /// True when every index row points at intact bytes and SQLite reports no damage. Orphans and temp files
    /// are garbage, not inconsistency: a crash at the wrong instant legitimately leaves them.
    public var isConsistent: Bool { missingBlobs.isEmpty && corruptBlobs.isEmpty && indexProblems.isEmpty }

    /// Consistent and without garbage (ignoring garbage that `repair` already removed).
    public var isClean: Bool {
        isConsistent && Set(orphanBlobs + tempFiles).isSubset(of: Set(removedFiles))
    }

    /// One line per finding, for the CLI.
    public var lines: [String] {
        var lines = indexProblems.map { "index: \($0)" }
        for problem in missingBlobs {
            lines.append("missing blob \(problem.sha256) (\(problem.referencedBy.joined(separator: ", ")))")
        }
        for problem in corruptBlobs {
            lines.append("corrupt blob \(problem.sha256): \(problem.detail) (\(problem.referencedBy.joined(separator: ", ")))")
        }
        let removed = Set(removedFiles)
        for path in orphanBlobs { lines.append("\(removed.contains(path) ? "removed " : "")orphan blob \(path)") }
        for path in tempFiles { lines.append("\(removed.contains(path) ? "removed " : "")temp file \(path)") }
        return lines
    }
}
