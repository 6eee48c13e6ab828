import Foundation

enum FileSize {
    /// The size of the file at `path` in bytes, or 0 if there is none (yet).
    static func of(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
