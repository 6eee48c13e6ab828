import Foundation

/// A pack whose bytes are on the device, verified against a manifest's size and SHA-256.
public struct InstalledPack: Sendable, Hashable, Identifiable {
    public var id: String
    public var sha256: String
    public var size: Int64
    /// The pack's version in the manifest it was downloaded for.
    public var version: Int
    public var tags: [String]
    /// The file; read it, never move or change it.
    public var url: URL
}
