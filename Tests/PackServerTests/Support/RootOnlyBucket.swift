import PackStore

/// A bucket as a replica from before channels reads it: `builds.json` and everything under `channels/` are
/// not there (that replica never asks for them), the rest is `inner`'s. Read-only.
struct RootOnlyBucket: ObjectBucket {
    let inner: any ObjectBucket
    let layout = BucketLayout()

    private func hidden(_ key: String) -> Bool { key == layout.buildMap || key.hasPrefix(layout.channelsPrefix) }

    func get(_ key: String, ifNoneMatch: String?) throws(BucketError) -> BucketRead {
        hidden(key) ? .missing : try inner.get(key, ifNoneMatch: ifNoneMatch)
    }
    func download(_ key: String, to path: String) throws(BucketError) -> Bool { hidden(key) ? false : try inner.download(key, to: path) }
    func read(_ key: String, into sink: ([UInt8]) throws(BucketError) -> Void) throws(BucketError) -> Bool {
        hidden(key) ? false : try inner.read(key, into: sink)
    }
    func size(of key: String) throws(BucketError) -> Int64? { hidden(key) ? nil : try inner.size(of: key) }
    func list(prefix: String) throws(BucketError) -> [BucketObject] { try inner.list(prefix: prefix).filter { !hidden($0.key) } }

    func put(_ key: String, bytes: [UInt8], contentType: String) throws(BucketError) { throw Self.readOnly }
    func putFileIfAbsent(_ key: String, path: String, size: Int64, contentType: String) throws(BucketError) -> Bool {
        throw Self.readOnly
    }
    func delete(_ key: String) throws(BucketError) { throw Self.readOnly }

    static let readOnly = BucketError(.refused, key: "", "a replica never writes (RootOnlyBucket)")
}
