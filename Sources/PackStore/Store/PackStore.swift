import Foundation
import GRDB

/// The pack store: the draft, the releases and the blobs under one data directory.
///
/// Layout: `index.sqlite` (WAL, shared by the CLI and the daemon), `blobs/sha256/<2 hex>/<64 hex>`, `tmp/`
/// (ingests in progress), `ingest.lock` and `index.lock` (see `FileLock`). Several `PackStore` values — in one
/// process or many — may open the same directory at once; SQLite transactions and the lock files keep them
/// consistent. All methods are synchronous and may block on I/O; call them off latency-sensitive threads.
public final class PackStore: Sendable {
    public let dataDirectory: URL
    let database: DatabasePool
    let blobs: BlobStore

    /// 8 GiB, the contract's default `limits.maxPackBytes`.
    public static let defaultMaxPackBytes: Int64 = 8 << 30
    public static let defaultKeepReleases = 10

    /// Opens (creating if needed) the store in `dataDirectory`, running any pending index migrations.
    public init(dataDirectory: URL) throws(PackStoreError) {
        let root = dataDirectory.standardizedFileURL
        self.dataDirectory = root
        blobs = BlobStore(dataDirectory: root.path)
        try blobs.createDirectories()

        var configuration = Configuration()
        // Another process may hold the write lock (a publish, a long add's commit): wait rather than fail.
        configuration.busyMode = .timeout(30)
        configuration.label = "PackStore"
        // Debian builds SQLite with SECURE_DELETE on: every deleted row was overwritten with zeros, so replacing a
        // channel's signed views (some 100 MB for 100,000 packs) wrote them twice more. FAST zeroes only what is
        // written anyway, and the index holds no secret (admin tokens are stored as their SHA-256 only).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = FAST") }
        let indexPath = root.path + "/index.sqlite"
        // Opening switches the file to WAL and migrations create tables; two processes doing it at the same
        // moment must take turns, and SQLite's own locking does not cover the schema check-then-create.
        database = try FileLock.withLock(root.path + "/index.lock", .exclusive) { () throws(PackStoreError) in
            try Self.mapDatabaseErrors {
                let pool = try DatabasePool(path: indexPath, configuration: configuration)
                let migrator = IndexSchema.migrator
                try migrator.migrate(pool)
                if try pool.read(migrator.hasBeenSuperseded) {
                    throw PackStoreError.indexTooNew(path: indexPath)
                }
                return pool
            }
        }
    }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE, so concurrent writers queue instead of failing).
    func write<T>(_ body: (Database) throws -> T) throws(PackStoreError) -> T {
        try Self.mapDatabaseErrors { try database.write(body) }
    }

    /// Runs `body` in one read transaction: it sees one consistent state, including other processes' commits.
    func read<T>(_ body: (Database) throws -> T) throws(PackStoreError) -> T {
        try Self.mapDatabaseErrors { try database.read(body) }
    }

    static func mapDatabaseErrors<T>(_ body: () throws -> T) throws(PackStoreError) -> T {
        do {
            return try body()
        } catch let error as PackStoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            // A full disk is the operator's to fix, not a fault of the index: say so as a blob write would
            // (the admin API answers both 507).
            throw .io(operation: "write the index", path: "index.sqlite", errno: ENOSPC)
        } catch let error as DatabaseError {
            throw .database(message: error.message ?? error.description)
        } catch {
            throw .database(message: String(describing: error))
        }
    }
}
