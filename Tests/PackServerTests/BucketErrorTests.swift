import ObjectStorage
import PackStore
import Testing

@testable import PackServer

/// Round 3's operations kit: a bucket's failure says whether trying again may help (docs/object-storage.md
/// "Errors"), whatever the S3 client's error was.
@Suite struct BucketErrorTests {
    @Test(arguments: [
        (ObjectStorageError(.service, "GET k", status: 503, code: "ServiceUnavailable"), BucketError.Kind.unavailable),
        (ObjectStorageError(.service, "GET k", status: 503, code: "SlowDown"), .unavailable),
        (ObjectStorageError(.transport, "GET k", transportFailure: .timedOut), .unavailable),
        (ObjectStorageError(.transport, "GET k", transportFailure: .certificateUntrusted), .refused),
        (ObjectStorageError(.service, "GET k", status: 403, code: "AccessDenied"), .refused),
        (ObjectStorageError(.credentials, "no S3 credentials"), .refused),
        (ObjectStorageError(.file, "cannot read /x"), .local),
    ])
    func theS3ClientsFailuresMapToWhatACallerDoes(error: ObjectStorageError, kind: BucketError.Kind) {
        let mapped = BucketError(error, key: "blobs/sha256/ab")
        #expect(mapped.kind == kind)
        #expect(mapped.isTransient == (kind == .unavailable))
        #expect(mapped.description == "blobs/sha256/ab: \(error.description)")
    }
}
