/// One `"name": value` of an object, with the position of its name (where a duplicate or unknown key is
/// reported).
public struct JSONMember: Sendable, Equatable {
    public let name: String
    public let position: JSONPosition
    public let value: JSONNode
}
