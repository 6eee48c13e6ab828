/// The validators of the selected representation that conditional requests are evaluated against
/// (RFC 9110 §8.8): its entity tag and its modification time in whole seconds since 1970.
public struct RepresentationValidators: Sendable, Equatable {
    public var entityTag: EntityTag?
    public var lastModified: Int64?

    public init(entityTag: EntityTag?, lastModified: Int64?) {
        self.entityTag = entityTag
        self.lastModified = lastModified
    }
}
