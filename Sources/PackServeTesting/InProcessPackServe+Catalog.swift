import Foundation
import PackServer
import PackStore
import ReleaseViews

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

    /// `packserve publish [--channel C] [--min-build B] [--max-build B]`, then the watcher's poll; returns the
    /// release number.
    @discardableResult
    public func publish(
        note: String = "", channel: String = "production", minBuild: String? = nil, maxBuild: String? = nil
    ) throws -> Int {
        let (release, _) = try signer().publish(
            note: note, channel: try channelName(channel), builds: try BuildRange(min: minBuild, max: maxBuild),
            in: store, now: clock.now)
        refresh()
        return release.number
    }

    /// `packserve channel create NAME [--release N] [--require-credentials]`, then the watcher's poll.
    public func createChannel(_ name: String, release: Int? = nil, requireCredentials: Bool = false) throws {
        _ = try store.createChannel(
            try channelName(name), at: release, requireCredentials: requireCredentials,
            sealedBy: try signer().sealing(now: clock.now))
        refresh()
    }

    /// `packserve promote N --channel C`, then the watcher's poll.
    public func promote(_ release: Int, channel: String) throws {
        _ = try store.promote(try channelName(channel), to: release, sealedBy: try signer().sealing(now: clock.now))
        refresh()
    }

    /// `packserve builds set B --channel C [--force]`, then the watcher's poll.
    public func mapBuild(_ build: String, to channel: String, force: Bool = false) throws {
        _ = try store.mapBuild(
            try AppBuild(parsing: build), to: try channelName(channel), force: force,
            sealedBy: try signer().sealing(now: clock.now))
        refresh()
    }

    private func signer() throws -> ManifestSigner {
        guard let signer = application.signer else { throw LoopbackClientError("this server has no signing key") }
        return signer
    }

    private func channelName(_ name: String) throws -> ChannelName {
        guard let channel = ChannelName(name) else { throw LoopbackClientError("'\(name)' is not a channel name") }
        return channel
    }

    /// `packserve token create --name NAME --scope SCOPES`; returns the secret.
    public func createToken(name: String, scopes: String) throws -> String {
        try store.createToken(name: name, scopes: try TokenScope.parseList(scopes)).secret
    }
}
