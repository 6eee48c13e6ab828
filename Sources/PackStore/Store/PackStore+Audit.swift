/// Every row of the index checked before it is trusted (`IndexAudit`): `restore` runs it before it keeps a
/// backup. It reads the whole index (about 3 s for a million release rows), so `serve` checks only the rows
/// of what it loads (`loadReleaseEntries`).
extension PackStore {
    public func auditIndex() throws(PackStoreError) {
        if let problem = try read({ db in try IndexAudit.firstProblem(db) }) {
            throw .untrustworthyIndex(path: dataDirectory.path + "/index.sqlite", problem: problem)
        }
    }
}
