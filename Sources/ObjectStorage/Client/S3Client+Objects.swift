import Crypto
import Foundation
import Hex
import HTTPClient

/// Single objects: create the bucket, PUT, GET, HEAD, DELETE.
extension S3Client {
    /// Creates the bucket; one that already exists and is ours is fine.
    public func createBucket() throws(ObjectStorageError) {
        do {
            _ = try retrying { () throws(ObjectStorageError) in try send("PUT", key: nil) }
        } catch where error.code == "BucketAlreadyOwnedByYou" {}
    }

    /// PUTs bytes from memory (documents: JSON, signatures); returns the new ETag.
    @discardableResult
    public func put(key: String, bytes: [UInt8], contentType: String? = nil) throws(ObjectStorageError) -> String {
        let hash = Hex.string(Crypto.SHA256.hash(data: bytes))
        let headers = contentType.map { [("content-type", $0)] } ?? []
        return try retrying { () throws(ObjectStorageError) in
            try send("PUT", key: key, headers: headers, body: .bytes(bytes), payloadHash: hash).head.headers["etag"] ?? ""
        }
    }

    /// PUTs a file, streamed from disk: in one request up to the multipart threshold, in parts above it.
    /// The payload's SHA-256 is signed (one extra read of the file), so a corrupted body is refused.
    @discardableResult
    public func putFile(key: String, path: String, contentType: String? = nil) throws(ObjectStorageError) -> String {
        let size = try FileDigests.size(path: path)
        if size > configuration.multipartThreshold {
            return try putFileMultipart(key: key, path: path, size: size, contentType: contentType)
        }
        let hash = try FileDigests.sha256Hex(path: path, offset: 0, length: size)
        let headers = contentType.map { [("content-type", $0)] } ?? []
        return try retrying { () throws(ObjectStorageError) in
            try send("PUT", key: key, headers: headers, body: .file(path: path, length: size), payloadHash: hash)
                .head.headers["etag"] ?? ""
        }
    }

    /// Whether `key` already holds the bytes of the file at `path`: the same size and the ETag this client
    /// would have produced uploading it.
    public func holds(key: String, sameAsFile path: String) throws(ObjectStorageError) -> Bool {
        guard let info = try head(key: key) else { return false }
        let size = try FileDigests.size(path: path)
        guard info.size == size else { return false }
        let expected = try S3ETag.expected(path: path, size: size,
            multipartThreshold: configuration.multipartThreshold, partSize: configuration.partSize)
        return S3ETag.same(expected, info.etag)
    }

    /// Uploads the file unless the object already holds the same bytes (a content-addressed blob already
    /// published is not sent again); true when it was uploaded.
    @discardableResult
    public func putFileIfAbsent(key: String, path: String, contentType: String? = nil) throws(ObjectStorageError) -> Bool {
        if try holds(key: key, sameAsFile: path) { return false }
        try putFile(key: key, path: path, contentType: contentType)
        return true
    }

    /// The object's size and ETag, or nil when there is no such object.
    public func head(key: String) throws(ObjectStorageError) -> S3ObjectInfo? {
        do {
            return try retrying { () throws(ObjectStorageError) in
                try S3ObjectInfo(head: send("HEAD", key: key).head)
            }
        } catch where error.status == 404 {
            return nil
        }
    }

    /// GETs an object (or a range of it) into memory; with `ifNoneMatch`, `.notModified` when the object's
    /// ETag is still that one (RFC 9110 §13.1.2).
    public func get(key: String, range: S3ByteRange? = nil, ifNoneMatch: String? = nil) throws(ObjectStorageError)
        -> S3GetResult
    {
        try retrying { () throws(ObjectStorageError) in
            let (head, body) = try send("GET", key: key, headers: conditionalHeaders(range, ifNoneMatch), accept: [304])
            if head.status == 304 { return .notModified }
            return .object(try S3ObjectInfo(head: head), body)
        }
    }

    /// GETs an object (or a range) and hands its bytes to `sink` as they arrive, never holding it whole.
    /// Retried only while no byte has reached `sink` (after that a retry would repeat bytes); nil on 304.
    public func get(
        key: String, range: S3ByteRange? = nil, ifNoneMatch: String? = nil, into sink: ([UInt8]) throws -> Void
    ) throws(ObjectStorageError) -> S3ObjectInfo? {
        var delivered = false
        var attempt = 1
        while true {
            do {
                let (head, _) = try send("GET", key: key, headers: conditionalHeaders(range, ifNoneMatch), accept: [304],
                    streams: true
                ) {
                    delivered = true
                    try sink($0)
                }
                return head.status == 304 ? nil : try S3ObjectInfo(head: head)
            } catch where error.isTransient && !delivered && attempt < configuration.maxAttempts {
                Thread.sleep(forTimeInterval: backoff(attempt))
                attempt += 1
            }
        }
    }

    /// Deletes an object; deleting one that is not there succeeds (S3 answers 204 either way).
    public func delete(key: String) throws(ObjectStorageError) {
        do {
            _ = try retrying { () throws(ObjectStorageError) in try send("DELETE", key: key) }
        } catch where error.status == 404 {}
    }

    private func conditionalHeaders(_ range: S3ByteRange?, _ ifNoneMatch: String?) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let range { headers.append(("range", range.headerValue)) }
        if let ifNoneMatch { headers.append(("if-none-match", ifNoneMatch)) }
        return headers
    }
}
