import Foundation
import Glibc
@testable import PackStore
import Synchronization
import Testing

/// `gc` and `fsck --repair` behind an upload (docs/api.md "Maintenance"): they say what they wait for and
/// give up after their wait, changing nothing. The ingest lock is held here the way an `add` in another
/// process holds it: flock(2) on another open file description.
@Suite struct MaintenanceLockWaitTests {
    static func withIngestHeld(in store: PackStore, _ body: () throws -> Void) throws {
        let fd = open(store.blobs.ingestLockPath, O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_SH) == 0)
        try body()
    }

    @Test(arguments: ["gc", "fsck --repair"])
    func aMaintenanceCommandAnnouncesItsWaitAndGivesUp(command: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockwait-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try PackStore(dataDirectory: URL(fileURLWithPath: directory))
        let said = Mutex<[String]>([])
        let wait = LockWait(seconds: 0.2) { line in said.withLock { $0.append(line) } }
        try Self.withIngestHeld(in: store) {
            #expect(throws: PackStoreError.lockBusy(path: store.blobs.ingestLockPath, waitedSeconds: 0)) {
                if command == "gc" { _ = try store.gc(wait: wait) } else { _ = try store.fsck(repair: true, wait: wait) }
            }
        }
        #expect(said.withLock { $0 }.count == 1)
        #expect(said.withLock { $0 }.first?.contains("ingest.lock is held") == true)
        // Once the lock is free it goes through at once, saying nothing.
        said.withLock { $0 = [] }
        if command == "gc" { _ = try store.gc(wait: wait) } else { _ = try store.fsck(repair: true, wait: wait) }
        #expect(said.withLock { $0 }.isEmpty)
    }
}
