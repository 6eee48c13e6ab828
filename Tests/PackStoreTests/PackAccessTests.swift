import Foundation
@testable import PackStore
import Testing

/// A pack's access (docs/api.md "Private packs") is part of what a release freezes, like its policy.
@Suite struct PackAccessTests {
    @Test func accessIsFrozenByPublishRestoredByRollbackAndResetOnRevival() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try store.add(file: fixture.makeFile("a", text: "a"), id: "a")
        try store.add(file: fixture.makeFile("b", text: "b"), id: "b")
        #expect(try store.listDraft().map(\.access) == [.public, .public])
        try store.publish()

        // Changing only the access is a change worth a release.
        #expect(try store.set(id: "b", access: .private).access == .private)
        try store.publish()
        #expect(try store.listRelease(1).map(\.access) == [.public, .public])
        #expect(try store.listRelease(2).map(\.access) == [.public, .private])
        #expect(try store.loadSnapshot()?.packs["b"]?.access == .private)

        // A rollback brings back the access the release had.
        try store.rollback(to: 1)
        #expect(try store.listRelease(3).map(\.access) == [.public, .public])

        // Removed and added again, a pack starts from the defaults: public.
        try store.remove(id: "b")
        try store.add(file: fixture.makeFile("b2", text: "b two"), id: "b")
        #expect(try store.draftEntry(id: "b").access == .public)
    }

    @Test func unknownAccessIsRefusedInOneLine() {
        #expect(throws: PackStoreError.unknownAccess("secret")) { try PackAccess(parsing: "secret") }
        #expect(PackStoreError.unknownAccess("secret").description == #"unknown access "secret": use public or private"#)
    }
}
