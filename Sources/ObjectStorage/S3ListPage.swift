/// One page of ListObjectsV2 (S3 API reference, ListObjectsV2): the objects, and the token to ask for
/// the next page when the listing is truncated.
public struct S3ListPage: Sendable, Equatable {
    public var objects: [S3ObjectSummary]
    public var nextContinuationToken: String?

    public init(objects: [S3ObjectSummary], nextContinuationToken: String?) {
        self.objects = objects
        self.nextContinuationToken = nextContinuationToken
    }

    /// Reads a `ListBucketResult` document. A truncated page without a token would make a caller loop
    /// forever or stop early, so it is refused.
    public init(xml: [UInt8]) throws(ObjectStorageError) {
        let root: XMLElement
        do { root = try XMLScanner.parse(xml) } catch {
            throw ObjectStorageError(.malformedResponse, "ListObjectsV2: \(error)")
        }
        guard root.name == "ListBucketResult" else {
            throw ObjectStorageError(.malformedResponse, "ListObjectsV2 answered <\(root.name)>")
        }
        var objects: [S3ObjectSummary] = []
        for contents in root.children("Contents") {
            guard let key = contents.text(of: "Key"), let size = contents.text(of: "Size").flatMap({ Int64($0) }) else {
                throw ObjectStorageError(.malformedResponse, "ListObjectsV2: <Contents> without Key or Size")
            }
            objects.append(S3ObjectSummary(key: key, size: size, etag: contents.text(of: "ETag") ?? "",
                lastModified: contents.text(of: "LastModified") ?? ""))
        }
        let truncated = root.text(of: "IsTruncated") == "true"
        let token = root.text(of: "NextContinuationToken").flatMap { $0.isEmpty ? nil : $0 }
        if truncated && token == nil {
            throw ObjectStorageError(.malformedResponse, "ListObjectsV2: truncated without NextContinuationToken")
        }
        self.init(objects: objects, nextContinuationToken: truncated ? token : nil)
    }
}
