/// Reads a pack while it is ingested: fed the same chunks that are hashed and written, it tells whether the
/// pack is an Apple Archive and, if it is a raw one, what it installs, its content digest and its parsed
/// `Manifest.json`. For bytes that are not an archive it costs a look at the first four.
public struct ArchiveInspector: Sendable {
    private var reader = AppleArchiveReader()
    private var handlers: ArchiveHandlerPair<ArchiveSurvey, ArchiveContentDigest>

    /// - Parameter maxEntries: entries read before the archive is refused (`AppleArchiveError.entryLimit`): the
    ///   content digest keeps 32 bytes an entry until `finish`.
    public init(maxManifestBytes: Int = ArchiveSurvey.defaultMaxManifestBytes, maxEntries: Int = .max) {
        handlers = ArchiveHandlerPair(
            ArchiveSurvey(maxManifestBytes: maxManifestBytes, maxEntries: maxEntries), ArchiveContentDigest())
    }

    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(AppleArchiveError) {
        try reader.feed(chunk, to: &handlers)
    }

    public mutating func feed(_ chunk: [UInt8]) throws(AppleArchiveError) {
        try reader.feed(chunk, to: &handlers)
    }

    /// After the last chunk. A malformed or truncated archive, or an unusable `Manifest.json`, is refused with
    /// one line.
    public mutating func finish() throws(AppleArchiveError) -> ArchiveInspection {
        try reader.finish()
        let format = reader.format ?? .notAnArchive
        guard format == .appleArchive else { return ArchiveInspection(format: format, archive: nil) }
        let survey = handlers.first
        let manifest: AssetPackManifest?
        do throws(AssetPackManifestError) {
            manifest = try survey.manifestJSON.map { json throws(AssetPackManifestError) in try AssetPackManifest(json: json) }
        } catch {
            throw AppleArchiveError(offset: survey.manifestOffset ?? 0, error.description)
        }
        return ArchiveInspection(
            format: format,
            archive: ArchiveInspection.Contents(
                entries: survey.entries, installedBytes: survey.installedBytes,
                contentDigest: handlers.second.finalize(), manifest: manifest))
    }
}
