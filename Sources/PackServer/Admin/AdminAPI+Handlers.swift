import AdminMessages
import Foundation
import HTTP1
import HTTPServer
import JSONText
import Manifest
import PackStore
import ReleaseViews

/// The work of each admin endpoint, off the event loop, after the token is checked.
extension AdminAPI {
    /// Every endpoint but the upload, on the intake queue: the token first, then the body (read only now,
    /// so no stranger's body is ever held: whole, at most `maxAdminBodyBytes`, within the header timeout,
    /// by the connection without a thread waiting on it), then the work, one request at a time.
    func handle(_ endpoint: AdminEndpoint, _ request: HTTPRequest, from address: String, completing pending: DeferredResponse) {
        let token: AdminToken
        switch authorize(request, for: endpoint, from: address) {
        case .failure(let refusal): return pending.complete(refusal.response)
        case .success(let verified): token = verified
        }
        let whole = request.body ?? RequestBody(bytes: [])
        whole.read(upTo: limits.configured.maxAdminBodyBytes, pace: limits.jsonBodyPace) { [self] result in
            switch result {
            case .success(let body): pending.complete(perform(endpoint, body: body, query: request.head.query, by: token))
            // The connection has answered already (413, 408) or is gone: this response goes nowhere.
            case .failure: pending.complete(AdminRefusal.badRequest("the body did not arrive").response)
            }
        }
    }

    /// The work of a request whose token and body are in hand, one at a time.
    private func perform(_ endpoint: AdminEndpoint, body: [UInt8], query: String?, by token: AdminToken) -> HTTPResponse {
        queue.sync {
            do throws(AdminRefusal) {
                switch endpoint {
                case .putPack: preconditionFailure("uploads are handled by handleUpload")
                case .patchPack(let id): return try patch(id, body: body, by: token)
                case .deletePack(let id):
                    try Self.store { try store.remove(id: id) }
                    logger.notice("admin: removed pack from the draft", metadata: ["token": "\(token.name)", "id": "\(id)"])
                    return HTTPResponse(status: .noContent, headers: ["Cache-Control": "no-store"])
                case .draft:
                    return try Self.json(.ok, Self.store { try store.listDraft() }.map { CatalogPack($0, url: nil) })
                case .publish: return try publish(body: body, by: token)
                case .rollback: return try rollback(body: body, by: token)
                case .signURL: return try signURL(body: body, by: token)
                case .channels:
                    return try Self.json(.ok, Self.store { try store.channels() }.map(ChannelDocuments.Channel.init))
                case .putChannel(let name): return try putChannel(name, body: body, by: token)
                case .deleteChannel(let name): return try deleteChannel(name, by: token)
                case .builds:
                    return try Self.json(.ok, Self.store { try store.buildMap() }.map(ChannelDocuments.Mapping.init))
                case .putBuild(let build): return try putBuild(build, body: body, by: token)
                case .rollout(let channel): return try rollout(channel)
                case .putRollout(let channel): return try putRollout(channel, body: body, by: token)
                case .stats: return try stats(query: query)
                case .forwardReports: return try forwardedReports(body: body, by: token)
                }
            } catch {
                return error.response
            }
        }
    }

    /// `PUT /admin/packs/{id}` on its own thread: the token, then one of the token's upload slots, then the
    /// bytes.
    func handleUpload(_ endpoint: AdminEndpoint, _ request: HTTPRequest, from address: String) -> HTTPResponse {
        guard case .putPack(let id) = endpoint else { preconditionFailure("not an upload: \(endpoint)") }
        let token: AdminToken
        switch authorize(request, for: endpoint, from: address) {
        case .failure(let refusal): return refusal.response
        case .success(let verified): token = verified
        }
        switch uploads.reserve(token: token.name) {
        case .granted: break
        case .tokenFull: return AdminRefusal.tooManyUploadsForToken(limit: uploads.maxPerToken).response
        case .coolingDown(let seconds): return AdminRefusal.tokenCoolingDown(retryAfterSeconds: seconds).response
        }
        // No limit on the stream: maxPackBytes is the ingest's, checked once the token is (an anonymous
        // client learns nothing), and a Content-Length over it is refused before the first read.
        var source = UploadBodySource(stream: request.body?.stream(maxBytes: .max, pace: limits.uploadPace))
        defer { uploads.release(token: token.name, endedTooSlow: source.endedTooSlow) }
        do throws(AdminRefusal) {
            return try upload(id, request, from: &source, by: token)
        } catch {
            return error.response
        }
    }

    /// The token's verdict (reads the index: off the loop).
    func authorize(
        _ request: HTTPRequest, for endpoint: AdminEndpoint, from address: String
    ) -> Result<AdminToken, AdminRefusal> {
        let outcome = authenticator.authorize(request.headers, scope: endpoint.scope, from: address)
        if case .failure(.unauthenticated(invalidToken: true)) = outcome {
            logger.notice("admin: refused an invalid token", metadata: ["client": "\(address)"])
        }
        return outcome
    }

    // MARK: PUT /admin/packs/{id}

    private func upload(
        _ id: String, _ request: HTTPRequest, from source: inout UploadBodySource, by token: AdminToken
    ) throws(AdminRefusal) -> HTTPResponse {
        let options = try UploadOptions(query: request.head.query)
        try Self.store {
            try PackStore.validateAttributes(id: id, tags: options.tags, order: options.order, contentType: options.contentType)
        }
        let stream = source.stream
        // No stream: `Content-Length: 0` (or none), an empty pack.
        let announced = stream == nil ? 0 : stream?.contentLength.map(Int64.init)
        if let announced, announced > limits.configured.maxPackBytes {
            throw .store(.packTooLarge(path: "the upload", size: announced, maxPackBytes: limits.configured.maxPackBytes))
        }
        let digest = try ContentDigest.sha256(in: request.headers)
        let version = try durations.ingest.measure { () throws(AdminRefusal) in
            try Self.store {
                try store.add(
                    receiving: &source, id: id, expectedSize: announced, expectedSHA256: digest, tags: options.tags,
                    policy: options.policy, order: options.order, contentType: options.contentType,
                    platforms: options.platforms, originalFilename: "", limits: limits.configured.ingest)
            }
        }
        logger.notice(version.unchanged ? "admin: uploaded the current bytes again" : "admin: uploaded a pack version", metadata: [
            "token": "\(token.name)", "id": "\(id)", "version": "\(version.version)", "bytes": "\(version.size)",
        ])
        let entry = try Self.store { try store.draftEntry(id: id) }
        // The draft's current bytes again: no version was created, so not 201.
        return try Self.json(version.unchanged ? .ok : .created, CatalogPack(entry, url: nil))
    }

    // MARK: PATCH /admin/packs/{id}

    private func patch(_ id: String, body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let edit = try PackPatch(json: body)
        try Self.store {
            if let tags = edit.tags {
                let current = Set(try store.draftEntry(id: id).tags)
                try store.tag(id: id, add: tags.filter { !current.contains($0) }, remove: current.filter { !tags.contains($0) })
            }
            if edit.changesAttributes {
                try store.set(
                    id: id, policy: edit.policy, order: edit.order, platforms: edit.platforms,
                    installationEvents: edit.installationEvents, access: edit.access, userInfo: edit.userInfo)
            }
        }
        logger.notice("admin: edited a draft pack", metadata: ["token": "\(token.name)", "id": "\(id)"])
        return try Self.json(.ok, CatalogPack(Self.store { try store.draftEntry(id: id) }, url: nil))
    }

    // MARK: POST /admin/publish, /admin/rollback

    private func publish(body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let request = try Self.decode(PublishRequest.self, from: body, orEmpty: PublishRequest(note: nil))
        let channel = try Self.channel(request.channel)
        let builds: BuildRange
        do {
            builds = try BuildRange(min: request.minBuild, max: request.maxBuild)
        } catch {
            throw .store(.channel(.invalidBuild(error.description)))
        }
        guard let signer else { throw .noSigningKey }
        let (release, change) = try durations.publish.measure { () throws(AdminRefusal) in
            try Self.store {
                try signer.publish(note: request.note ?? "", channel: channel, builds: builds, in: store, now: now())
            }
        }
        logger.notice("admin: published", metadata: [
            "token": "\(token.name)", "release": "\(release.number)", "channel": "\(channel)",
        ])
        return try Self.json(.ok, Self.outcome(change))
    }

    private func rollback(body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let request = try Self.decode(RollbackRequest.self, from: body, orEmpty: nil)
        let channel = try Self.channel(request.channel)
        guard let signer else { throw .noSigningKey }
        let (release, change) = try Self.store {
            try signer.rollback(to: request.release, channel: channel, in: store, now: now())
        }
        logger.notice("admin: rolled back", metadata: [
            "token": "\(token.name)", "release": "\(release.number)", "contentOf": "\(request.release)",
            "channel": "\(channel)",
        ])
        return try Self.json(.ok, Self.outcome(change))
    }

    static func outcome(_ change: ChannelChange) -> PublishOutcome {
        PublishOutcome(
            release: change.release, version: change.version, channel: change.channel, raisedPacks: change.raisedPacks,
            raisedViews: change.raisedViews)
    }

    /// A channel named in a body or path; nil (absent) is production.
    static func channel(_ text: String?) throws(AdminRefusal) -> ChannelName {
        guard let text else { return .production }
        guard let channel = ChannelName(text) else { throw .store(.channel(.invalidName(text))) }
        return channel
    }

    // MARK: POST /admin/urls

    private func signURL(body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let request = try Self.decode(SignURLRequest.self, from: body, orEmpty: nil)
        guard let urls, let live else { throw .noURLSigningSecret }
        // The view the URL is for, as a request with its prefix would read it.
        let view = ViewSelector(
            channel: try request.channel.map { text throws(AdminRefusal) in try Self.channel(text) },
            build: try request.build.map { text throws(AdminRefusal) in try Self.build(text) })
        var release: ReleaseSnapshot?
        switch live.resolve(view, catalogRequiresCredentials: false) {
        case .view(let served): release = served.release.snapshot
        case .unknownChannel(let name): throw .store(.channel(.unknownChannel(name.text)))
        case .noRelease, .notLoaded: release = nil
        }
        let minted: SignedURLs.Minted
        do {
            minted = try urls.mint(id: request.id, in: release, view: view, ttl: request.ttl ?? 3600, now: now())
        } catch {
            throw .cannotSign(error)
        }
        logger.info("admin: signed a URL", metadata: [
            "token": "\(token.name)", "id": "\(request.id)", "expires": "\(minted.expires)",
        ])
        return try Self.json(.ok, minted)
    }

    // MARK: Helpers

    /// Runs store work, turning its refusals into the admin API's.
    static func store<T>(_ body: () throws -> T) throws(AdminRefusal) -> T {
        do {
            return try body()
        } catch let error as PackStoreError {
            throw .store(error)
        } catch {
            throw .store(.database(message: String(describing: error)))
        }
    }

    static func json(_ status: HTTPStatus, _ value: some Encodable) throws(AdminRefusal) -> HTTPResponse {
        guard let body = try? CanonicalJSON.encode(value) else { throw .badRequest("cannot encode the answer") }
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"], body: .bytes(body))
    }

    /// A JSON body; an empty one is `empty` when given, else refused.
    static func decode<T: AdminJSONBody>(_ type: T.Type, from body: [UInt8], orEmpty empty: T?) throws(AdminRefusal) -> T {
        if body.isEmpty, let empty { return empty }
        return try T(json: body)
    }
}

extension PublishRequest: AdminJSONBody {
    static let shape = JSONShape.object(
        members: ["note": .string, "channel": .string, "minBuild": .string, "maxBuild": .string])

    init(checked body: JSONNode) {
        self.init(
            note: body["note"]?.string, channel: body["channel"]?.string, minBuild: body["minBuild"]?.string,
            maxBuild: body["maxBuild"]?.string)
    }
}

extension RollbackRequest: AdminJSONBody {
    static let shape = JSONShape.object(members: ["release": .wholeNumber, "channel": .string], required: ["release"])

    init(checked body: JSONNode) throws(AdminRefusal) {
        guard let release = body["release"]?.wholeNumber else { throw .badRequest("release: must be a whole number") }
        self.init(release: release, channel: body["channel"]?.string)
    }
}

extension ChannelRequest: AdminJSONBody {
    static let shape = JSONShape.object(members: ["release": .wholeNumber, "requireCredentials": .boolean])

    init(checked body: JSONNode) {
        self.init(release: body["release"]?.wholeNumber, requireCredentials: body["requireCredentials"]?.bool)
    }
}

extension BuildRequest: AdminJSONBody {
    static let shape = JSONShape.object(members: ["channel": .string, "force": .boolean], required: ["channel"])

    init(checked body: JSONNode) throws(AdminRefusal) {
        guard let channel = body["channel"]?.string else { throw .badRequest("channel: must be a string") }
        self.init(channel: channel, force: body["force"]?.bool)
    }
}

extension RolloutRequest: AdminJSONBody {
    static let shape = JSONShape.object(members: ["release": .wholeNumber, "percent": .number, "state": .string])

    init(checked body: JSONNode) {
        self.init(release: body["release"]?.wholeNumber, percent: body["percent"]?.numberText, state: body["state"]?.string)
    }
}

extension SignURLRequest: AdminJSONBody {
    static let shape = JSONShape.object(members: ["id": .string, "ttl": .wholeNumber], required: ["id"])

    init(checked body: JSONNode) throws(AdminRefusal) {
        guard let id = body["id"]?.string else { throw .badRequest("id: must be a string") }
        self.init(id: id, ttl: body["ttl"]?.wholeNumber)
    }
}
