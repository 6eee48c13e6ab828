import Foundation
import PackServer
import PackStore

/// What a test does to the store behind the server, as an operator would with the CLI: the store's own
/// operations, signed at the manual clock's instant and taken up at once.
extension InProcessPackServe {
    /// `packserve add FILE --id ID --tag …`.
    @discardableResult
    public func add(
        _ file: String, id: String, tags: [String] = [], policy: PackPolicy? = nil, platforms: [ApplePlatform]? = nil
    ) throws -> PackVersion {
        try store.add(file: URL(fileURLWithPath: file), id: id, tags: tags, policy: policy, platforms: platforms)
    }

    /// `packserve add` of `count` random bytes written to `name` in the server's directory; returns the file.
    @discardableResult
    public func addRandom(
        _ name: String, count: Int, id: String, tags: [String] = [], policy: PackPolicy? = nil
    ) throws -> String {
        let file = try directory.randomFile(name, count: count)
        try add(file, id: id, tags: tags, policy: policy)
        return file
    }

    /// `packserve publish`, then the watcher's poll; returns the release number.
    @discardableResult
    public func publish(note: String = "") throws -> Int {
        guard let signer = application.signer else { throw LoopbackClientError("this server has no signing key") }
        let (release, _) = try signer.publish(note: note, in: store, now: clock.now)
        refresh()
        return release.number
    }

    /// `packserve token create --name NAME --scope SCOPES`; returns the secret.
    public func createToken(name: String, scopes: String) throws -> String {
        try store.createToken(name: name, scopes: try TokenScope.parseList(scopes)).secret
    }
}
