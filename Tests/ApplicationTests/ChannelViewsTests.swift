import Foundation
import PackServeTesting
import PackStore
import Testing

/// Issue 34: the views of the catalog as the server answers them (docs/channels.md "Views"), over real
/// sockets: channels, builds, the build map, prefixes refused, URLs that stay inside a view, per-channel cache
/// keys and channels that require credentials.
@Suite struct ChannelViews {
    /// The signed payload at `path` (`…/manifest.json`).
    static func payload(_ server: InProcessPackServe, _ path: String) async throws -> [String: Any] {
        let response = try await server.client.get(path)
        return try #require(response.object, "\(path): \(response.status) \(response.text)")
    }

    /// The Apple version of every pack of the download manifest at `path`, by id.
    static func appleVersions(_ server: InProcessPackServe, _ path: String) async throws -> [String: Int] {
        let response = try await server.client.get(path)
        let packs = try #require(response.object?["assetPacks"] as? [[String: Any]], "\(path): \(response.text)")
        var versions: [String: Int] = [:]
        for pack in packs {
            versions[try #require(pack["id"] as? String)] = try #require(pack["version"] as? Int)
        }
        return versions
    }

    @Test func productionAndBetaAnswerTheirOwnReleases() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a", count: 1_000, id: "level-1", tags: ["levels"])
        try server.publish()
        try server.createChannel("beta")
        try server.addRandom("b", count: 2_000, id: "level-1", tags: ["levels"])
        let beta = try server.publish(channel: "beta")

        let production = try await Self.payload(server, "/manifest.json")
        #expect(production["release"] as? Int == 1 && production["channel"] as? String == "production")
        let explicit = try await Self.payload(server, "/channels/production/manifest.json")
        #expect(explicit["release"] as? Int == 1 && explicit["version"] as? Int == production["version"] as? Int)
        let betaPayload = try await Self.payload(server, "/channels/beta/manifest.json")
        #expect(betaPayload["release"] as? Int == beta && betaPayload["channel"] as? String == "beta")

        // The pack's bytes follow the view: each channel serves its own release's version of level-1.
        #expect(try await server.client.get("/packs/level-1").body.count == 1_000)
        #expect(try await server.client.get("/channels/beta/packs/level-1").body.count == 2_000)
        let tag = try await server.client.get("/channels/beta/tags/levels")
        #expect(tag.object?["release"] as? Int == beta)
        #expect(try await server.client.get("/channels/beta/manifest").text.split(separator: ".").count == 3)
    }

    @Test func prefixesThatNameNothingAreRefusedWithProblems() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a", count: 100, id: "a")
        try server.publish()
        for (path, status, says) in [
            ("/channels/nightly/manifest", 404, "nightly"),
            ("/channels/Beta/manifest", 400, "not a channel name"),
            ("/builds/abc/manifest", 400, "not a build"),
            ("/builds/1.2.3.4/manifest", 400, "not a build"),
            ("/cohorts/1000/manifest", 400, "not a cohort"),
            ("/builds/2/channels/production/manifest", 400, "out of order"),
            ("/channels/production/channels/production/manifest", 400, "twice"),
            // Blobs, /releases and the key set take no prefix; nor do the static files.
            ("/channels/production/releases", 404, "no resource"),
            ("/channels/production/.well-known/jwks.json", 404, "no resource"),
            ("/channels/production/index.html", 404, "no resource"),
            ("/channels/production", 404, "no resource"),
        ] {
            let response = try await server.client.get(path)
            #expect(response.status == status, "\(path): \(response.text)")
            #expect(response.headers["content-type"] == "application/problem+json", "\(path)")
            #expect(response.text.contains(says), "\(path): \(response.text)")
            #expect(response.headers["cache-control"] == "no-store", "\(path)")
        }
        let blob = try #require(try await Self.payload(server, "/manifest.json")["packs"] as? [[String: Any]]).first
        let sha256 = try #require(blob?["sha256"] as? String)
        #expect(try await server.client.get("/blobs/sha256/\(sha256)").status == 200)
        #expect(try await server.client.get("/channels/production/blobs/sha256/\(sha256)").status == 404)
        // A cohort is parsed and read as its channel's view; it names no view of managed devices.
        #expect(try await server.client.get("/cohorts/7/manifest.json").status == 200)
        #expect(try await server.client.get("/cohorts/7/download-manifest.json").status == 404)
    }

    /// "Done means" 3, in process: releases for old and new builds, a hotfix for the old ones after the
    /// release for the new ones, and a device updating from 1.9 to 1.10 seeing no Apple version fall.
    @Test func buildsReadTheNewestReleaseThatAdmitsThem() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a", count: 1_000, id: "level-1", tags: ["levels"])
        try server.addRandom("s", count: 500, id: "shared")
        let old = try server.publish(maxBuild: "1.9")
        try server.addRandom("b", count: 2_000, id: "level-1", tags: ["levels"])
        let new = try server.publish(minBuild: "1.10")
        for (build, release) in [("1.9.3", old), ("1.9", old), ("0.5", old), ("1.10", new), ("1.10.0", new), ("7", new)] {
            let payload = try await Self.payload(server, "/builds/\(build)/manifest.json")
            #expect(payload["release"] as? Int == release, "build \(build)")
        }
        #expect(try await Self.payload(server, "/manifest.json")["release"] as? Int == old, "no build: the lowest")
        let range = try await Self.payload(server, "/builds/1.10/manifest.json")["builds"] as? [String: String]
        #expect(range == ["min": "1.10"])

        let before = try await Self.appleVersions(server, "/builds/1.10/download-manifest.json")
        try server.addRandom("c", count: 3_000, id: "level-1", tags: ["levels"])
        let hotfix = try server.publish(maxBuild: "1.9")
        #expect(try await Self.payload(server, "/builds/1.9/manifest.json")["release"] as? Int == hotfix)
        #expect(try await Self.payload(server, "/builds/1.10/manifest.json")["release"] as? Int == new)
        let oldBuilds = try await Self.appleVersions(server, "/builds/1.9/download-manifest.json")
        let newBuilds = try await Self.appleVersions(server, "/builds/1.10/download-manifest.json")
        for (id, version) in oldBuilds {
            #expect(newBuilds[id, default: .max] >= version, "\(id): an update from 1.9 to 1.10 must not lower it")
        }
        #expect(newBuilds["level-1", default: 0] > before["level-1", default: .max], "raised above the hotfix's")
        // Each view's tag documents show its own Apple versions, as its download manifest does.
        for build in ["1.9", "1.10"] {
            let tag = try await server.client.get("/builds/\(build)/tags/levels")
            let shown = (tag.object?["packs"] as? [[String: Any]])?.first?["appleVersion"] as? Int
            #expect(shown == (build == "1.9" ? oldBuilds : newBuilds)["level-1"], "build \(build): \(tag.text)")
        }
    }

    @Test func theBuildMapPicksTheChannelUnlessThePrefixNamesOne() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a", count: 1_000, id: "level-1")
        try server.publish()
        try server.createChannel("beta")
        try server.addRandom("b", count: 2_000, id: "level-1")
        let beta = try server.publish(channel: "beta")
        #expect(try await Self.payload(server, "/builds/2.0/manifest.json")["release"] as? Int == 1)
        try server.mapBuild("2.0", to: "beta")
        #expect(try await Self.payload(server, "/builds/2/manifest.json")["release"] as? Int == beta, "2 = 2.0")
        #expect(try await Self.payload(server, "/builds/2.0.1/manifest.json")["release"] as? Int == 1, "another build")
        let named = try await Self.payload(server, "/channels/production/builds/2.0/manifest.json")
        #expect(named["release"] as? Int == 1 && named["channel"] as? String == "production")
    }

    @Test func packURLsInsideAViewStayInsideIt() async throws {
        let server = try await InProcessPackServe.start(overrides: ["manifest": ["packURLs": "packs"] as [String: any Sendable]])
        let base = server.application.configuration.publicBaseURL
        try server.addRandom("a", count: 1_000, id: "level-1", tags: ["levels"])
        try server.publish()
        try server.createChannel("beta")
        try server.addRandom("b", count: 2_000, id: "level-1", tags: ["levels"])
        try server.publish(channel: "beta", minBuild: "1.10")
        for (view, prefix) in [("", ""), ("/channels/beta", "/channels/beta"), ("/channels/beta/builds/1.10.2", "/channels/beta/builds/1.10.0")] {
            let manifest = try await Self.payload(server, "\(view)/manifest.json")
            let urls = (manifest["packs"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
            #expect(urls == ["\(base)\(prefix)/packs/level-1"], "\(view)")
            let tag = try await server.client.get("\(view)/tags/levels")
            let tagURLs = (tag.object?["packs"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
            #expect(tagURLs == urls, "\(view)")
            let downloads = try await server.client.get("\(view)/download-manifest.json")
            let downloadURLs = (downloads.object?["assetPacks"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
            #expect(downloadURLs == urls, "\(view)")
        }
        // beta's builds below 1.10 read beta's first release (production's, which beta was made at).
        #expect(try await Self.payload(server, "/channels/beta/builds/1.9/manifest.json")["release"] as? Int == 1)
    }

    @Test func cacheKeysArePerChannel() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a", count: 1_000, id: "level-1")
        try server.publish()
        try server.createChannel("beta")
        let keys = { (path: String) async throws -> String? in try await server.client.get(path).headers["xkey"] }
        #expect(try await keys("/manifest") == "packserve-documents packserve-documents-production")
        #expect(try await keys("/builds/3/manifest") == "packserve-documents packserve-documents-production")
        #expect(try await keys("/channels/beta/manifest") == "packserve-documents-beta")
        #expect(try await keys("/packs/level-1") == "pack-level-1 pack.production.level-1")
        #expect(try await keys("/channels/beta/packs/level-1") == "pack.beta.level-1")
        #expect(try await keys("/releases") == "packserve-releases")
        #expect(try await keys("/channels") == "packserve-releases")
    }

    @Test func aChannelThatRequiresCredentialsAnswersOnlyToDownloadTokens() async throws {
        let server = try await InProcessPackServe.start()
        try server.addRandom("a", count: 1_000, id: "level-1")
        try server.publish()
        try server.createChannel("internal", requireCredentials: true)
        try server.addRandom("b", count: 2_000, id: "level-1")
        try server.publish(channel: "internal")
        let token = try server.createToken(name: "qa", scopes: "download")
        server.refresh()
        for path in ["/channels/internal/manifest", "/channels/internal/packs/level-1", "/channels/internal/tags?tag=x"] {
            let refused = try await server.client.get(path)
            #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Basic realm=\"packserve\"", "\(path)")
            #expect(refused.headers["cache-control"] == "private, no-store", "\(path)")
        }
        let admitted = try await server.client.get("/channels/internal/packs/level-1", headers: [("Authorization", "Bearer \(token)")])
        #expect(admitted.status == 200 && admitted.body.count == 2_000)
        #expect(admitted.headers["cache-control"] == "private, no-store" && admitted.headers["xkey"] == nil)
        // Its new blob is listed by no open channel: a token is needed for it too. Production's stays open.
        let internalPayload = try await server.client.get(
            "/channels/internal/manifest.json", headers: [("Authorization", "Bearer \(token)")])
        let digests = (internalPayload.object?["packs"] as? [[String: Any]])?.compactMap { $0["sha256"] as? String } ?? []
        let secret = try #require(digests.first)
        #expect(try await server.client.get("/blobs/sha256/\(secret)").status == 401)
        let open = try #require((try await Self.payload(server, "/manifest.json")["packs"] as? [[String: Any]])?.first?["sha256"] as? String)
        #expect(try await server.client.get("/blobs/sha256/\(open)").status == 200)
        // The public list of channels leaves it out.
        let channels = try await server.client.get("/channels")
        #expect((channels.json as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["production"])
    }
}
