import Foundation

/// Where releases are published for replicas and static hosts to read (docs/object-storage.md "Bucket
/// layout"): a flat namespace of keys holding immutable bytes, except the pointer (`current.json`) and the
/// token list, which are replaced whole. An S3 bucket is one (`S3ObjectBucket` in PackServer); a directory
/// is another (`DirectoryBucket`: `packserve export`, and tests).
///
/// Every write is whole: a reader sees an object's old bytes or its new bytes, never part of them, and never
/// a key before its bytes are all there. That is what lets the publisher's order (blobs, documents, pointer)
/// promise a reader that every object a pointer names exists.
///
/// Every failure is a `BucketError`, whose kind says whether trying again may help.
public protocol ObjectBucket: Sendable {
    /// Stores `bytes` under `key`, replacing what is there.
    func put(_ key: String, bytes: [UInt8], contentType: String) throws(BucketError)
    /// Stores the file at `path` under `key`, replacing what is there (an index backup; blobs go through
    /// `putFileIfAbsent`).
    func putFile(_ key: String, path: String, contentType: String) throws(BucketError)
    /// Stores the file at `path` under `key` unless an object of `size` bytes is already there (blobs are named
    /// by their digest, so an object of the right size is the same bytes); true when it sent the file.
    func putFileIfAbsent(_ key: String, path: String, size: Int64, contentType: String) throws(BucketError) -> Bool
    /// The object's bytes; with `ifNoneMatch`, `.notModified` while its ETag is still that one.
    func get(_ key: String, ifNoneMatch: String?) throws(BucketError) -> BucketRead
    /// Writes the object to the file at `path` (created or truncated) without holding it in memory; false
    /// when there is no such object.
    func download(_ key: String, to path: String) throws(BucketError) -> Bool
    /// Hands the object's bytes to `sink` as they arrive, never holding it whole; false when there is no such
    /// object. (A replica's cache writes and hashes them in one pass: `BlobCache.insert`.) What `sink` throws
    /// ends the read and is thrown as it is.
    func read(_ key: String, into sink: ([UInt8]) throws(BucketError) -> Void) throws(BucketError) -> Bool
    /// The object's size, or nil when there is no such object.
    func size(of key: String) throws(BucketError) -> Int64?
    /// Every object whose key starts with `prefix`, in key order.
    func list(prefix: String) throws(BucketError) -> [BucketObject]
    /// Removes the object; removing one that is not there succeeds.
    func delete(_ key: String) throws(BucketError)
}

extension ObjectBucket {
    /// Through memory: for buckets that only wrap another (tests); the real ones stream the file.
    public func putFile(_ key: String, path: String, contentType: String) throws(BucketError) {
        let bytes: Data
        do { bytes = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BucketError(.local, key: key, "cannot read \(path): \(error.localizedDescription)")
        }
        try put(key, bytes: Array(bytes), contentType: contentType)
    }

    public func get(_ key: String) throws(BucketError) -> [UInt8]? {
        if case .object(let bytes, _) = try get(key, ifNoneMatch: nil) { return bytes }
        return nil
    }
}
