/// A tag the manifest does not list; like `NSBundleResourceRequest`, a request naming one fails whole.
public struct UnknownTagError: Error, Sendable, Hashable, CustomStringConvertible {
    public var tag: String

    public init(tag: String) { self.tag = tag }

    public var description: String { "unknown tag \(tag)" }
}
