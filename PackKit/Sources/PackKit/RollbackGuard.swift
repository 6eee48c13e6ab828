import Foundation
import PackKitWire

/// Remembers the highest manifest version accepted per (issuer, channel), with the SHA-256 of its payload,
/// in a small JSON file, so that a replayed older manifest — or the same version with other bytes — is
/// refused, also after the app restarts. Every admission is one locked read-decide-write and the file is
/// replaced atomically, so neither a crash nor the app's extension writing at the same time loses a version.
public final class RollbackGuard: Sendable {
    /// The JSON file the versions are kept in.
    public let file: URL
    private let lockFile: URL

    private struct Entry: Codable, Hashable {
        var issuer: String
        var channel: String
        var version: Int
        var payloadSHA256: String
    }

    private struct State: Codable {
        var entries: [Entry]
    }

    /// - Parameter file: where versions are kept; its directory must exist. A missing file means nothing
    ///   has been accepted yet.
    public init(file: URL) {
        self.file = file
        lockFile = file.appendingPathExtension("lock")
    }

    /// Refuses `verified` if it is a rollback; otherwise records it as the highest version seen.
    public func admit(_ verified: VerifiedManifest) throws(PackKitError) {
        let manifest = verified.manifest
        let digest = verified.payloadSHA256
        try FileLock.withLock(lockFile) { () throws(PackKitError) in
            var state = try load()
            let index = state.entries.firstIndex { $0.issuer == manifest.iss && $0.channel == manifest.channel }
            if let index {
                let known = state.entries[index]
                if manifest.version < known.version {
                    throw .rollback(.lowerVersion(
                        version: manifest.version, highest: known.version, issuer: manifest.iss, channel: manifest.channel))
                }
                if manifest.version == known.version {
                    guard digest == known.payloadSHA256 else {
                        throw .rollback(.sameVersionOtherBytes(version: manifest.version, issuer: manifest.iss, channel: manifest.channel))
                    }
                    return
                }
                state.entries[index].version = manifest.version
                state.entries[index].payloadSHA256 = digest
            } else {
                state.entries.append(Entry(issuer: manifest.iss, channel: manifest.channel, version: manifest.version, payloadSHA256: digest))
            }
            try save(state)
        }
    }

    /// The highest version accepted from `issuer` for `channel`, if any.
    public func highestVersion(issuer: String, channel: String) throws(PackKitError) -> Int? {
        try load().entries.first { $0.issuer == issuer && $0.channel == channel }?.version
    }

    private func load() throws(PackKitError) -> State {
        guard let bytes = try AtomicFile.read(file) else { return State(entries: []) }
        // Unreadable state fails closed: accepting anything would turn a damaged file into a rollback.
        guard let state = try? JSONDecoder().decode(State.self, from: Data(bytes)) else {
            throw .io("the rollback state \(file.path) is not readable JSON; refusing to guess")
        }
        return state
    }

    private func save(_ state: State) throws(PackKitError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let sorted = State(entries: state.entries.sorted { ($0.issuer, $0.channel) < ($1.issuer, $1.channel) })
        guard let bytes = try? encoder.encode(sorted) else { throw .io("cannot encode the rollback state") }
        try AtomicFile.write(Array(bytes), to: file)
    }
}
