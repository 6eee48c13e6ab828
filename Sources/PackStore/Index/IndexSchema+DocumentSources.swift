import GRDB

extension IndexSchema {
    /// v14: what each view's documents were made from besides the release, its Apple versions and the profile
    /// (`ReleaseDocuments.source`), so that a later view needing the same bytes is offered them. NULL for
    /// documents stored before: offered to nobody.
    static func registerDocumentSources(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14: view document sources") { db in
            try db.alter(table: "viewDocument") { table in
                table.add(column: "source", .text)
            }
        }
    }
}
