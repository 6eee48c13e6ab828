import Foundation

/// `--token-file F` of the client commands (`push`, `verify`): the file holds the token on one line, as
/// `packserve token create` printed it, so it stays out of the shell history and the process list.
enum TokenFile {
    static func read(_ path: String) throws -> String {
        let token: String
        do {
            token = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw CommandFailure("cannot read the token file \(path): \(error.localizedDescription)")
        }
        guard !token.isEmpty else { throw CommandFailure("the token file \(path) is empty") }
        return token
    }
}
