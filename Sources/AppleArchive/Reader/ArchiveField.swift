/// One field of an entry's header: a key and its value.
public struct ArchiveField: Sendable, Hashable {
    public let key: ArchiveFieldKey
    public let value: ArchiveFieldValue

    public init(key: ArchiveFieldKey, value: ArchiveFieldValue) {
        self.key = key
        self.value = value
    }
}
