#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One entry of a directory that `add` zips, as `lstat` described it when the directory was listed.
struct DirectoryEntry {
    /// `/`-separated, relative to the zipped directory (the zip entry's name, without a directory's `/`).
    let relativePath: String
    let absolutePath: String
    let info: stat

    var isDirectory: Bool { POSIX.isDirectory(info) }

    /// Every entry below `directory`, depth first, names sorted (so the zip's order is reproducible).
    ///
    /// Refuses anything that is neither a regular file nor a directory, before a byte is zipped: reading a
    /// FIFO blocks forever, a device may never end, and a symbolic link would unpack on the device as a link
    /// into the build machine's file system (or, followed, drag in files from outside the directory).
    static func list(_ directory: String) throws(PackStoreError) -> [DirectoryEntry] {
        var entries: [DirectoryEntry] = []
        func walk(_ relative: String) throws(PackStoreError) {
            let base = relative.isEmpty ? directory : "\(directory)/\(relative)"
            for name in try POSIX.directoryEntries(base).sorted() {
                let entry = DirectoryEntry(
                    relativePath: relative.isEmpty ? name : "\(relative)/\(name)", absolutePath: "\(base)/\(name)",
                    info: try POSIX.linkStatus(atPath: "\(base)/\(name)"))
                guard entry.isDirectory || POSIX.isRegularFile(entry.info) else {
                    throw .unsupportedDirectoryEntry(path: entry.absolutePath, kind: POSIX.kindName(entry.info))
                }
                entries.append(entry)
                if entry.isDirectory { try walk(entry.relativePath) }
            }
        }
        try walk("")
        return entries
    }
}
