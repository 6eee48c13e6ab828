import DurableFiles
import Foundation
import ObjectStorage
import PackStore
import SystemPackage

/// The bucket of `storage.type: s3` as PackStore's `ObjectBucket`: each operation one S3 request (or a
/// multipart upload, for blobs above the client's threshold), retried by `S3Client` when that is safe.
public struct S3ObjectBucket: ObjectBucket {
    public let client: S3Client

    public init(client: S3Client) {
        self.client = client
    }

    /// The client `configuration` describes, with its credentials from `storage.credentialsFile` or the
    /// `PACKSERVE_S3_*` variables of `environment`.
    public init(
        configuration: PackServeConfiguration.Storage, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ObjectStorageError) {
        guard let endpoint = URL(string: configuration.endpoint) else {
            throw ObjectStorageError(.configuration, "storage.endpoint \"\(configuration.endpoint)\" is not a URL")
        }
        let credentials = try S3Credentials.load(
            file: configuration.credentialsFile.isEmpty ? nil : configuration.credentialsFile, environment: environment)
        client = try S3Client(configuration: S3Configuration(
            endpoint: endpoint, bucket: configuration.bucket, region: configuration.region,
            addressing: configuration.addressing == .virtual ? .virtualHosted : .pathStyle,
            caFile: configuration.caFile.isEmpty ? nil : configuration.caFile, credentials: credentials))
    }

    public func put(_ key: String, bytes: [UInt8], contentType: String) throws(BucketError) {
        try s3(key) { () throws(ObjectStorageError) in _ = try client.put(key: key, bytes: bytes, contentType: contentType) }
    }

    public func putFile(_ key: String, path: String, contentType: String) throws(BucketError) {
        try s3(key) { () throws(ObjectStorageError) in _ = try client.putFile(key: key, path: path, contentType: contentType) }
    }

    /// A blob's key names its bytes (`ObjectBucket`): an object of `size` bytes there is the same blob, so one
    /// HEAD decides, and no publish reads a multi-gigabyte file to compute its ETag (the client's own
    /// `putFileIfAbsent` does, for keys that name no content). A replica checks every blob's SHA-256 when it
    /// copies it, and `fsck --storage` checks the bucket's.
    public func putFileIfAbsent(_ key: String, path: String, size: Int64, contentType: String) throws(BucketError) -> Bool {
        try s3(key) { () throws(ObjectStorageError) in
            if try client.head(key: key)?.size == size { return false }
            _ = try client.putFile(key: key, path: path, contentType: contentType)
            return true
        }
    }

    public func get(_ key: String, ifNoneMatch: String?) throws(BucketError) -> BucketRead {
        try s3(key) { () throws(ObjectStorageError) in
            do throws(ObjectStorageError) {
                switch try client.get(key: key, ifNoneMatch: ifNoneMatch) {
                case .notModified: return .notModified
                case .object(let info, let bytes): return .object(bytes, etag: info.etag)
                }
            } catch where error.status == 404 {
                return .missing
            }
        }
    }

    /// Streams the object into a temp file beside `path` that replaces it once whole (`AtomicFiles.replace`).
    public func download(_ key: String, to path: String) throws(BucketError) -> Bool {
        do {
            try AtomicFiles.replace(path, mode: [.ownerReadWrite, .groupRead, .otherRead], failure: { $0 as any Error }) { file in
                _ = try client.get(key: key) { chunk in _ = try file.descriptor.writeAll(chunk) }
            }
            return true
        } catch let error as ObjectStorageError where error.status == 404 {
            return false
        } catch let error as ObjectStorageError {
            throw BucketError(error, key: key)
        } catch let failure as AtomicFiles.Failure {
            throw BucketError(.local, key: key, failure.description)
        } catch {
            throw BucketError(.local, key: key, "cannot write \(path): \(error)")
        }
    }

    public func read(_ key: String, into sink: ([UInt8]) throws(BucketError) -> Void) throws(BucketError) -> Bool {
        // The client wraps what the sink throws; the sink's own error is what the caller decides on.
        var sinkError: BucketError?
        do {
            return try client.get(key: key) { chunk in
                do throws(BucketError) { try sink(chunk) } catch {
                    sinkError = error
                    throw error
                }
            } != nil
        } catch {
            if let sinkError { throw sinkError }
            if error.status == 404 { return false }
            throw BucketError(error, key: key)
        }
    }

    public func size(of key: String) throws(BucketError) -> Int64? {
        try s3(key) { () throws(ObjectStorageError) in try client.head(key: key)?.size }
    }

    public func list(prefix: String) throws(BucketError) -> [BucketObject] {
        try s3(prefix) { () throws(ObjectStorageError) in
            try client.listAll(prefix: prefix).map { BucketObject(key: $0.key, size: $0.size) }
        }
    }

    public func delete(_ key: String) throws(BucketError) {
        try s3(key) { () throws(ObjectStorageError) in try client.delete(key: key) }
    }

    private func s3<T>(_ key: String, _ body: () throws(ObjectStorageError) -> T) throws(BucketError) -> T {
        do { return try body() } catch { throw BucketError(error, key: key) }
    }
}

extension BucketError {
    /// What the S3 client's failure means for a caller: transient ones (no answer, 5xx, SlowDown) may pass;
    /// a local file's failure is this machine's; the rest (credentials, 4xx, a malformed answer) will not.
    init(_ error: ObjectStorageError, key: String) {
        let kind: Kind =
            if error.isTransient { .unavailable } else if error.kind == .file { .local } else { .refused }
        self.init(kind, key: key, error.description)
    }
}
