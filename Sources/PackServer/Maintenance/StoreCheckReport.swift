import PackStore

/// `fsck`'s whole verdict: PackStore's checks of blobs and index, plus the stored manifests' signatures.
///
/// Damage (missing or corrupt blobs, index problems, manifests that no longer verify) fails the check.
/// Orphaned blobs and temp files are harmless leftovers of interrupted work, and a manifest signed with a
/// key that is no longer configured cannot be checked but is not damage: those only warn.
public struct StoreCheckReport: Sendable {
    public var store: FsckReport
    public var manifestsChecked: Int
    public var manifestProblems: [StoredManifestProblem]
    /// From `StoredDocumentCheck`: documents kept with a release that no longer match its packs.
    public var documentProblems: [String]

    public init(
        store: FsckReport, manifestsChecked: Int, manifestProblems: [StoredManifestProblem], documentProblems: [String] = []
    ) {
        self.store = store
        self.manifestsChecked = manifestsChecked
        self.manifestProblems = manifestProblems
        self.documentProblems = documentProblems
    }

    private var damagedManifests: Int { manifestProblems.count { $0.kind == .damaged } }
    private var unverifiableManifests: Int { manifestProblems.count { $0.kind == .unverifiable } }
    private var leftovers: (orphans: Int, tempFiles: Int) {
        let removed = Set(store.removedFiles)
        return (store.orphanBlobs.count { !removed.contains($0) }, store.tempFiles.count { !removed.contains($0) })
    }

    /// True when `fsck` must exit non-zero.
    public var isDamaged: Bool { !store.isConsistent || damagedManifests > 0 || !documentProblems.isEmpty }

    /// One line per finding, for stdout.
    public var lines: [String] { store.lines + manifestProblems.map(\.description) + documentProblems }

    /// Counts of everything looked for, then the verdict, e.g. `3 blobs and 1 manifest checked: 0 missing,
    /// 0 corrupt, 0 index problems, 0 damaged manifests; 1 orphaned blob, 0 temp files: consistent`.
    public var summary: String {
        let (orphans, tempFiles) = leftovers
        var damage = [
            "\(store.missingBlobs.count) missing", "\(store.corruptBlobs.count) corrupt",
            Self.counted(store.indexProblems.count, "index problem"), Self.counted(damagedManifests, "damaged manifest"),
        ]
        if unverifiableManifests > 0 { damage.append(Self.counted(unverifiableManifests, "unverifiable manifest")) }
        if !documentProblems.isEmpty { damage.append(Self.counted(documentProblems.count, "damaged document")) }
        var garbage = [Self.counted(orphans, "orphaned blob"), Self.counted(tempFiles, "temp file")]
        if !store.removedFiles.isEmpty { garbage.append("\(Self.counted(store.removedFiles.count, "file")) removed") }
        let checked = "\(Self.counted(store.checkedBlobs, "blob")) and \(Self.counted(manifestsChecked, "manifest")) checked"
        return "\(checked): \(damage.joined(separator: ", ")); \(garbage.joined(separator: ", ")): "
            + (isDamaged ? "INCONSISTENT" : "consistent")
    }

    /// What deserves attention without failing the check, for stderr.
    public var warnings: [String] {
        var warnings: [String] = []
        let (orphans, tempFiles) = leftovers
        if orphans + tempFiles > 0 {
            warnings.append(
                "warning: \(Self.counted(orphans, "orphaned blob")) and \(Self.counted(tempFiles, "temp file")) are harmless leftovers of interrupted work; packserve fsck --repair removes them")
        }
        if unverifiableManifests > 0 {
            warnings.append(
                "warning: cannot check the signatures of \(Self.counted(unverifiableManifests, "manifest")) signed with keys no longer configured; list their public keys in signing.additionalPublicKeys to check them")
        }
        return warnings
    }

    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
