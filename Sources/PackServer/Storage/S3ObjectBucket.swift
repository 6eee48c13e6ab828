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

    public func put(_ key: String, bytes: [UInt8], contentType: String) throws {
        try client.put(key: key, bytes: bytes, contentType: contentType)
    }

    public func putFile(_ key: String, path: String, contentType: String) throws {
        try client.putFile(key: key, path: path, contentType: contentType)
    }

    /// A blob's key names its bytes (`ObjectBucket`): an object of `size` bytes there is the same blob, so one
    /// HEAD decides, and no publish reads a multi-gigabyte file to compute its ETag (the client's own
    /// `putFileIfAbsent` does, for keys that name no content). A replica checks every blob's SHA-256 when it
    /// copies it, and `fsck --storage` checks the bucket's.
    public func putFileIfAbsent(_ key: String, path: String, size: Int64, contentType: String) throws -> Bool {
        if try client.head(key: key)?.size == size { return false }
        try client.putFile(key: key, path: path, contentType: contentType)
        return true
    }

    public func get(_ key: String, ifNoneMatch: String?) throws -> BucketRead {
        do {
            switch try client.get(key: key, ifNoneMatch: ifNoneMatch) {
            case .notModified: return .notModified
            case .object(let info, let bytes): return .object(bytes, etag: info.etag)
            }
        } catch where error.status == 404 {
            return .missing
        }
    }

    /// Streams the object into a temp file beside `path`, fsynced and renamed into place.
    public func download(_ key: String, to path: String) throws -> Bool {
        let temp = "\(path).\(UInt64.random(in: 0 ... .max)).part"
        let file = try FileDescriptor.open(
            temp, .writeOnly, options: [.create, .exclusiveCreate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        do {
            try file.closeAfter {
                _ = try client.get(key: key) { chunk in _ = try file.writeAll(chunk) }
                try file.sync()
            }
            guard rename(temp, path) == 0 else { throw Errno(rawValue: errno) }
            return true
        } catch let error as ObjectStorageError where error.status == 404 {
            try? FileManager.default.removeItem(atPath: temp)
            return false
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw error
        }
    }

    public func read(_ key: String, into sink: ([UInt8]) throws -> Void) throws -> Bool {
        do {
            return try client.get(key: key, into: sink) != nil
        } catch where error.status == 404 {
            return false
        }
    }

    public func size(of key: String) throws -> Int64? {
        try client.head(key: key)?.size
    }

    public func list(prefix: String) throws -> [BucketObject] {
        try client.listAll(prefix: prefix).map { BucketObject(key: $0.key, size: $0.size) }
    }

    public func delete(_ key: String) throws {
        try client.delete(key: key)
    }
}
