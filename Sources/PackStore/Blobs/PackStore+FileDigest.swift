extension PackStore {
    /// The lowercase hex SHA-256 of a file, read in large blocks: the blob store's own hasher, for callers
    /// that check bytes fetched from elsewhere (`fsck --storage`).
    public static func sha256Hex(ofFileAt path: String) throws(PackStoreError) -> String {
        try BlobStore.sha256(ofFileAt: path).hex
    }
}
