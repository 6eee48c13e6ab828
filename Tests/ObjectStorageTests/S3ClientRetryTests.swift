import Foundation
import HTTPClient
import ObjectStorage
import Synchronization
import Testing

/// Which requests are sent again: against a port nothing listens on, every attempt fails with a refused
/// connection (a transient failure), and the backoff closure counts the pauses between attempts.
@Suite struct S3ClientRetryTests {
    /// A loopback port that refuses connections: bound, then released.
    func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The attempts after which the client paused, in order.
    final class Pauses: Sendable {
        let attempts = Mutex<[Int]>([])
        var list: [Int] { attempts.withLock { $0 } }
    }

    func client(pauses: Pauses) throws -> S3Client {
        let configuration = S3Configuration(endpoint: URL(string: "http://127.0.0.1:\(try closedPort())")!, bucket: "b",
            credentials: S3Credentials(accessKeyID: "a", secretAccessKey: "s"), maxAttempts: 3, timeout: 5)
        return try S3Client(configuration: configuration, backoff: { attempt in
            pauses.attempts.withLock { $0.append(attempt) }
            return 0
        })
    }

    @Test func idempotentRequestsAreSentUpToMaxAttempts() throws {
        let pauses = Pauses()
        let s3 = try client(pauses: pauses)
        let error = #expect(throws: ObjectStorageError.self) { try s3.put(key: "k", bytes: [1]) }
        #expect(error?.kind == .transport)
        #expect(error?.isTransient == true)
        #expect(pauses.list == [1, 2])
        pauses.attempts.withLock { $0 = [] }
        #expect(throws: ObjectStorageError.self) { try s3.head(key: "k") }
        #expect(pauses.list == [1, 2])
    }

    @Test func startingAMultipartUploadIsNotRepeated() throws {
        let pauses = Pauses()
        let s3 = try client(pauses: pauses)
        #expect(throws: ObjectStorageError.self) { try s3.createMultipartUpload(key: "k") }
        #expect(pauses.list.isEmpty)
    }

    @Test(arguments: [
        (ObjectStorageError(.service, "x", status: 503, code: "SlowDown"), true),
        (ObjectStorageError(.service, "x", status: 500, code: "InternalError"), true),
        (ObjectStorageError(.service, "x", status: 400, code: "RequestTimeout"), true),
        (ObjectStorageError(.service, "x", status: 404, code: "NoSuchKey"), false),
        (ObjectStorageError(.service, "x", status: 403, code: "SignatureDoesNotMatch"), false),
        (ObjectStorageError(.malformedResponse, "x"), false),
        (ObjectStorageError(.file, "x"), false),
        (ObjectStorageError(.transport, "x", transportFailure: .connectionRefused), true),
        (ObjectStorageError(.transport, "x", transportFailure: .closed), true),
        (ObjectStorageError(.transport, "x", transportFailure: .timedOut), true),
        (ObjectStorageError(.transport, "x", transportFailure: .certificateUntrusted), false),
        (ObjectStorageError(.transport, "x", transportFailure: .invalidURL), false),
    ])
    func whatCountsAsTransient(error: ObjectStorageError, transient: Bool) {
        #expect(error.isTransient == transient)
    }
}
