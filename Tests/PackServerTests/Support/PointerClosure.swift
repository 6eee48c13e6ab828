import PackStore

/// The reader's check: the keys the bucket's pointer names (through the release record it names) that are
/// not in the bucket. Empty when there is no pointer yet.
enum PointerClosure {
    static func missingKeys(in bucket: any ObjectBucket, layout: BucketLayout = BucketLayout()) throws -> [String] {
        guard let bytes = try bucket.get(layout.pointer) else { return [] }
        let pointer = try BucketPointer(json: bytes)
        guard let record = try bucket.get(layout.releaseRecord(pointer.release)) else {
            return [layout.releaseRecord(pointer.release)]
        }
        return try BucketRelease(json: record).keys(version: pointer.version, layout: layout).filter {
            try bucket.size(of: $0) == nil
        }
    }
}
