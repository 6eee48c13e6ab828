import AdminMessages
import HTTP1
import HTTPServer
import JSONText
import PackStore
import ReleaseViews

/// The admin API's channels and build map (docs/api.md "Channels", docs/channels.md).
extension AdminAPI {
    /// `PUT /admin/channels/{name}`: creates the channel, or promotes it to the release given.
    func putChannel(_ name: String, body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let channel = try Self.channel(name)
        let request = try Self.decode(ChannelRequest.self, from: body, orEmpty: ChannelRequest(release: nil))
        guard let signer else { throw .noSigningKey }
        let exists = try Self.store { try store.channels().contains { $0.name == channel.text } }
        let change: ChannelChange
        if exists {
            guard let release = request.release else {
                throw .badRequest("release: give the release to promote \(channel) to")
            }
            change = try Self.store { try store.promote(channel, to: release, sealedBy: signer.sealing(now: now())) }
            logger.notice("admin: promoted", metadata: ["token": "\(token.name)", "channel": "\(channel)", "release": "\(release)"])
        } else {
            change = try Self.store {
                try store.createChannel(
                    channel, at: request.release, requireCredentials: request.requireCredentials ?? false,
                    sealedBy: signer.sealing(now: now()))
            }
            logger.notice("admin: created a channel", metadata: ["token": "\(token.name)", "channel": "\(channel)"])
        }
        return try Self.json(exists ? .ok : .created, Self.outcome(change))
    }

    /// `DELETE /admin/channels/{name}`.
    func deleteChannel(_ name: String, by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let channel = try Self.channel(name)
        try Self.store { try store.removeChannel(channel) }
        logger.notice("admin: removed a channel", metadata: ["token": "\(token.name)", "channel": "\(channel)"])
        return HTTPResponse(status: .noContent, headers: ["Cache-Control": "no-store"])
    }

    /// A build named in a path or body, refused with the parser's one line.
    static func build(_ text: String) throws(AdminRefusal) -> AppBuild {
        do {
            return try AppBuild(parsing: text)
        } catch {
            throw .store(.channel(.invalidBuild(error.description)))
        }
    }

    /// `PUT /admin/builds/{build}`: maps the build to a channel.
    func putBuild(_ text: String, body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let build = try Self.build(text)
        let request = try Self.decode(BuildRequest.self, from: body, orEmpty: nil)
        let channel = try Self.channel(request.channel)
        guard let signer else { throw .noSigningKey }
        let change = try Self.store {
            try store.mapBuild(build, to: channel, force: request.force ?? false, sealedBy: signer.sealing(now: now()))
        }
        logger.notice("admin: mapped a build", metadata: [
            "token": "\(token.name)", "build": "\(build)", "channel": "\(channel)",
        ])
        return try Self.json(.ok, Self.outcome(change))
    }
}
