import AppleArchive

/// A small asset pack as `ba-package` lays one out: the root directory, `Manifest.json`, a folder of files
/// and a symbolic link. `modified` and `reversed` change only what the content digest must ignore.
public enum SamplePack {
    public static let manifestJSON = """
        {"assetPackID":"level-1","downloadPolicy":{"prefetch":{"installationEventTypes":["firstInstallation"]}},
         "fileSelectors":[{"directory":"Levels"}],"platforms":["iOS","macOS"],
         "userInfo":{"difficulty":3,"name":"Forest","tags":["a/b",true,null,1.5]}}
        """

    public static let fileBytes: [UInt8] = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    public static func entries(modified: Int64 = 1_767_225_600, fileBytes: [UInt8] = fileBytes) -> [ArchiveWriter.Entry] {
        [
            .directory("", modified: modified),
            .manifest(manifestJSON, modified: modified),
            .directory("Levels", modified: modified),
            .file("Levels/map.bin", fileBytes, modified: modified, sizeWidth: 2),
            .file("Levels/empty", [], modified: modified, sizeWidth: 8),
            .symbolicLink("Levels/latest", to: "map.bin", modified: modified),
        ]
    }

    public static func archive(modified: Int64 = 1_767_225_600, reversed: Bool = false, fileBytes: [UInt8] = fileBytes) -> [UInt8] {
        let entries = entries(modified: modified, fileBytes: fileBytes)
        return ArchiveWriter.archive(reversed ? entries.reversed() : entries)
    }

    /// Bytes the sample unpacks to.
    public static var installedBytes: UInt64 { UInt64(manifestJSON.utf8.count + fileBytes.count) }
}
