/// A request the client could not even make.
public struct LoopbackClientError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
