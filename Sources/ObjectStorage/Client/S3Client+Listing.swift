/// ListObjectsV2 (S3 API reference): pages of at most `maxKeys` objects under a prefix.
extension S3Client {
    public func list(prefix: String = "", continuationToken: String? = nil, maxKeys: Int = 1000)
        throws(ObjectStorageError) -> S3ListPage
    {
        var query: [(name: String, value: String)] = [("list-type", "2"), ("max-keys", String(maxKeys))]
        if !prefix.isEmpty { query.append(("prefix", prefix)) }
        if let continuationToken { query.append(("continuation-token", continuationToken)) }
        return try retrying { () throws(ObjectStorageError) in
            try S3ListPage(xml: send("GET", key: nil, query: query).body)
        }
    }

    /// Every object under `prefix`, following continuation tokens page after page.
    public func listAll(prefix: String = "", pageSize: Int = 1000) throws(ObjectStorageError) -> [S3ObjectSummary] {
        var objects: [S3ObjectSummary] = []
        var token: String?
        repeat {
            let page = try list(prefix: prefix, continuationToken: token, maxKeys: pageSize)
            objects += page.objects
            token = page.nextContinuationToken
        } while token != nil
        return objects
    }
}
