import Foundation

/// `--user-info FILE` (`set`, `push`): the file's bytes, one JSON document the store (or server) checks.
enum UserInfoFile {
    /// JSON for a few values of the app's own: a larger file is a mistake, not a userInfo.
    static let maxBytes = 64 << 10

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read \(path)") }
        guard data.count <= maxBytes else {
            throw CommandFailure("\(path) is \(data.count) bytes: a userInfo is at most \(maxBytes)")
        }
        return Array(data)
    }
}
