import PackStore

/// The reader's check: the keys the bucket's pointers name (the root one through the release record it names;
/// each channel's through its views and their releases' records) that are not in the bucket. Empty when there
/// is no pointer yet.
enum PointerClosure {
    static func missingKeys(in bucket: any ObjectBucket, layout: BucketLayout = BucketLayout()) throws -> [String] {
        var missing: [String] = []
        if let bytes = try bucket.get(layout.pointer) {
            let pointer = try BucketPointer(json: bytes)
            if let record = try bucket.get(layout.releaseRecord(pointer.release)) {
                missing += try BucketRelease(json: record).keys(version: pointer.version, layout: layout).filter {
                    try bucket.size(of: $0) == nil
                }
            } else {
                missing.append(layout.releaseRecord(pointer.release))
            }
        }
        for object in try bucket.list(prefix: layout.channelsPrefix) {
            guard layout.channel(ofPointerKey: object.key) != nil, let bytes = try bucket.get(object.key) else { continue }
            let pointer = try BucketChannelPointer(json: bytes, key: object.key)
            missing += try pointer.keys(layout: layout).filter { try bucket.size(of: $0) == nil }
            for release in Set(pointer.views.map(\.release)) {
                guard let record = try bucket.get(layout.releaseRecord(release)) else { continue }
                missing += try BucketRelease(json: record).allBlobs.keys.sorted().map(layout.blob).filter {
                    try bucket.size(of: $0) == nil
                }
            }
        }
        return missing
    }
}
