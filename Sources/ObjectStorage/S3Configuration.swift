import Foundation

/// Where a bucket is and how to reach it: the endpoint (`http://127.0.0.1:7480`, `https://s3.example`),
/// bucket, region (what the signature's scope names; RGW accepts any), addressing, a CA file for a
/// private CA, the keys, and how large objects are sent.
public struct S3Configuration: Sendable {
    public static let defaultMultipartThreshold: Int64 = 64 * 1024 * 1024
    public static let defaultPartSize: Int64 = 16 * 1024 * 1024

    public var endpoint: URL
    public var bucket: String
    public var region: String
    public var addressing: S3Addressing
    public var caFile: String?
    public var credentials: S3Credentials
    /// Objects larger than this go up in parts (S3 takes at most 5 GiB in one PUT; parts also make a
    /// failure cost one part rather than the whole object).
    public var multipartThreshold: Int64
    /// At least 5 MiB (S3's minimum for every part but the last); at most 10,000 parts per object.
    public var partSize: Int64
    /// How many times an idempotent request is sent in all when it fails transiently.
    public var maxAttempts: Int
    /// Seconds any one read or write on a connection may wait.
    public var timeout: Double

    public init(
        endpoint: URL, bucket: String, region: String = "us-east-1", addressing: S3Addressing = .pathStyle,
        caFile: String? = nil, credentials: S3Credentials, multipartThreshold: Int64 = defaultMultipartThreshold,
        partSize: Int64 = defaultPartSize, maxAttempts: Int = 4, timeout: Double = 60
    ) {
        self.endpoint = endpoint
        self.bucket = bucket
        self.region = region
        self.addressing = addressing
        self.caFile = caFile
        self.credentials = credentials
        self.multipartThreshold = multipartThreshold
        self.partSize = partSize
        self.maxAttempts = maxAttempts
        self.timeout = timeout
    }

    /// The URL of an object (or of the bucket when `key` is nil) with `query` in canonical order, and the
    /// encoded path that Signature Version 4 signs, which is exactly the path sent.
    public func location(key: String?, query: [(name: String, value: String)] = []) throws(ObjectStorageError)
        -> (url: URL, encodedPath: String)
    {
        guard let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = endpoint.host, !host.isEmpty
        else { throw ObjectStorageError(.configuration, "endpoint \(endpoint.absoluteString) is not an http(s) URL") }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let base = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        let encodedKey = key.map { "/" + S3URIEncoding.encode($0, keepSlash: true) } ?? ""
        let path: String
        switch addressing {
        case .pathStyle:
            path = base + "/" + S3URIEncoding.encode(bucket) + encodedKey
        case .virtualHosted:
            // A bucket in a host name must be a DNS label (S3's bucket naming rules for virtual hosting).
            guard bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }), !bucket.isEmpty
            else {
                throw ObjectStorageError(.configuration, "bucket \"\(bucket)\" cannot be addressed virtual-hosted style")
            }
            host = bucket + "." + host
            path = base + (encodedKey.isEmpty ? "/" : encodedKey)
        }
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let query = S3URIEncoding.canonicalQuery(query)
        guard let url = URL(string: "\(scheme)://\(host)\(port)\(path)\(query.isEmpty ? "" : "?" + query)") else {
            throw ObjectStorageError(.configuration, "cannot form a URL for \(key ?? bucket)")
        }
        return (url, path)
    }
}
