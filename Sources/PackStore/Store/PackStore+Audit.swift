/// The index's rows checked before they are trusted (`IndexAudit`): `serve` runs it before it loads a
/// release, and `restore` before it keeps a backup.
extension PackStore {
    public func auditIndex() throws(PackStoreError) {
        if let problem = try read({ db in try IndexAudit.firstProblem(db) }) {
            throw .untrustworthyIndex(path: dataDirectory.path + "/index.sqlite", problem: problem)
        }
    }
}
