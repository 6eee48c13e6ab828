/// Why a response head could not be read, in one line.
public struct ResponseHeadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
