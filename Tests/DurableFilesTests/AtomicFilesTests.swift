import DurableFiles
import Foundation
import SystemPackage
import Testing

/// Crash-safe replacement of small files, on a real temporary directory.
struct AtomicFilesTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func writesEveryFileWithItsModeAndLeavesNoTempFiles() throws {
        let key = "\(directory)/server.key", certificate = "\(directory)/server.pem"
        try "old".write(toFile: certificate, atomically: false, encoding: .utf8)
        try AtomicFiles.write([
            .init(path: key, bytes: Array("secret".utf8), mode: [.ownerReadWrite]),
            .init(path: certificate, bytes: Array("public".utf8), mode: [.ownerReadWrite, .groupRead, .otherRead]),
        ])
        #expect(try entries() == ["server.key", "server.pem"])
        #expect(try String(contentsOfFile: key, encoding: .utf8) == "secret" && (try mode(key)) == 0o600)
        #expect(try String(contentsOfFile: certificate, encoding: .utf8) == "public" && (try mode(certificate)) == 0o644)
    }

    /// One file that cannot be staged: nothing is replaced, and no temp file stays behind.
    @Test func aFailureReplacesNothing() throws {
        let certificate = "\(directory)/server.pem"
        try "old".write(toFile: certificate, atomically: false, encoding: .utf8)
        #expect(throws: AtomicFiles.Failure.self) {
            try AtomicFiles.write([
                .init(path: certificate, bytes: Array("new".utf8), mode: [.ownerReadWrite]),
                .init(path: "\(directory)/missing/server.key", bytes: Array("k".utf8), mode: [.ownerReadWrite]),
            ])
        }
        #expect(try entries() == ["server.pem"])
        #expect(try String(contentsOfFile: certificate, encoding: .utf8) == "old")
    }

    @Test func failuresNameThePathAndTheReason() {
        do {
            try AtomicFiles.write([.init(path: "\(directory)/nope/x", bytes: [1], mode: [.ownerReadWrite])])
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.path == "\(directory)/nope/x" && error.errno == .noSuchFileOrDirectory)
        }
    }

    @Test func syncingSomethingThatIsNotADirectoryFails() throws {
        let file = "\(directory)/plain"
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(throws: Errno.notDirectory) { try FileDescriptor.syncDirectory(file) }
        try FileDescriptor.syncDirectory(directory)
    }

    @Test func directoryOfAPath() {
        #expect(FileDescriptor.directory(of: "/a/b/c") == "/a/b")
        #expect(FileDescriptor.directory(of: "/c") == "/")
        #expect(FileDescriptor.directory(of: "c") == ".")
    }

    /// A call interrupted by a signal is made again; another failure is thrown as it is.
    @Test func interruptedCallsAreRetried() throws {
        var calls = 0
        let result = try Errno.retryingInterrupts { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
        #expect(throws: Errno.badFileDescriptor) {
            try Errno.retryingInterrupts { () -> Int32 in
                errno = EBADF
                return -1
            }
        }
    }
}
