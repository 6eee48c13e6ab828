/// Why a response body is not the XML document it should be, with the byte offset where reading stopped.
public struct XMLScanError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var reason: String

    public init(offset: Int, _ reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "malformed XML at byte \(offset): \(reason)" }
}
