import AppleArchive
import Foundation

/// What `add` created: a new version of a pack in the draft.
public struct PackVersion: Sendable, Hashable {
    public var id: String
    /// 1, 2, … per pack; never reused, even after `rm` or `gc`.
    public var version: Int
    public var size: Int64
    /// Lowercase hex.
    public var sha256: String
    public var createdAt: Date
    /// The last path component given to `add` (for a directory, its name; the stored bytes are its zip).
    public var originalFilename: String
    /// True when identical bytes were already stored, so no new blob file was written.
    public var reusedExistingBlob: Bool
    /// True when the bytes are those of the pack's current draft version, so no new version was made and
    /// `version` is that existing one (attributes given with the add still applied).
    public var unchanged: Bool
    /// What the bytes are (`add` warns about an Apple Archive container it cannot read).
    public var format: ArchiveFormat
    /// Set when the bytes are a raw Apple Archive.
    public var archive: PackArchive?

    public init(
        id: String, version: Int, size: Int64, sha256: String, createdAt: Date, originalFilename: String,
        reusedExistingBlob: Bool, unchanged: Bool = false, format: ArchiveFormat = .notAnArchive,
        archive: PackArchive? = nil
    ) {
        self.id = id
        self.version = version
        self.size = size
        self.sha256 = sha256
        self.createdAt = createdAt
        self.originalFilename = originalFilename
        self.reusedExistingBlob = reusedExistingBlob
        self.unchanged = unchanged
        self.format = format
        self.archive = archive
    }
}
