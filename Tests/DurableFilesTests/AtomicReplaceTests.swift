@testable import DurableFiles
import Foundation
import SystemPackage
import Testing

/// `AtomicFiles.replace` (a file streamed into place) and `AtomicFiles.move` (a finished file renamed into
/// place), in the same temporary directory as the small files' tests.
extension AtomicFilesTests {
    struct Refused: Error, Equatable {}

    @Test func streamsIntoPlaceWithItsMode() throws {
        let target = "\(directory)/object"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try AtomicFiles.replace(target, mode: [.ownerReadWrite, .groupRead, .otherRead], failure: { $0 as any Error }) { (file) throws in
            // The old bytes stay in place until the new ones are whole.
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
            for part in ["n", "e", "w"] { _ = try file.descriptor.writeAll(Array(part.utf8)) }
        }
        #expect(try entries() == ["object"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try mode(target) == 0o644)
    }

    /// A library that opens the file itself writes it by its path.
    @Test func theTempFileCanBeWrittenByPath() throws {
        let target = "\(directory)/copy"
        try AtomicFiles.replace(target, mode: [.ownerReadWrite], failure: { $0 as any Error }) { (file) throws in
            try Data("by path".utf8).write(to: URL(fileURLWithPath: file.path))
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "by path")
    }

    /// The caller's own failure: the target is as it was, the temp file gone, the error the caller's.
    @Test func aFailingWriterReplacesNothing() throws {
        let target = "\(directory)/object"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(throws: Refused()) {
            try AtomicFiles.replace(target, mode: [.ownerReadWrite], failure: { _ in Refused() }) { (file) throws(Refused) in
                _ = try? file.descriptor.writeAll(Array("half".utf8))
                throw Refused()
            }
        }
        #expect(try entries() == ["object"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    }

    @Test func failuresOfItsOwnGoThroughTheCallersMapping() {
        let target = "\(directory)/missing/object"
        #expect(throws: AtomicFiles.Failure(operation: "create", path: target, errno: .noSuchFileOrDirectory)) {
            try AtomicFiles.replace(target, mode: [.ownerReadWrite], failure: { $0 }) { (_) throws(AtomicFiles.Failure) in }
        }
    }

    @Test func movesAFinishedFileIntoPlace() throws {
        let staged = "\(directory)/staged", target = "\(directory)/blob"
        try "bytes".write(toFile: staged, atomically: false, encoding: .utf8)
        try AtomicFiles.move(staged, to: target)
        #expect(try entries() == ["blob"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "bytes")
        #expect(throws: AtomicFiles.Failure(operation: "rename to", path: target, errno: .noSuchFileOrDirectory)) {
            try AtomicFiles.move(staged, to: target)
        }
    }
}
