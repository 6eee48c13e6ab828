import Foundation
import CDNSimulation
import PackServeTesting
import Polling
import RawHTTPClient
import Testing

extension EndToEnd.PrivatePacks {
    /// The raw bytes of one request on a fresh connection, read until the server closes it.
    static func raw(_ server: RunningPackServe, _ requestLine: String) throws -> String {
        let socket = try RawClient(port: server.port)
        defer { socket.close() }
        try socket.send(requestLine + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return String(decoding: socket.readUntilEnd().bytes, as: UTF8.self)
    }

    /// HEAD on a raw socket (curl -I cannot tell a body from the head): the 403's status line and fields,
    /// then not one byte more.
    @Test func aRefusedHeadSendsTheHeadOnly() async throws {
        let fixture = try await Fixture.start()
        for path in ["/packs/paid", "/blobs/sha256/\(fixture.paidSHA256)"] {
            let answer = try Self.raw(fixture.server, "HEAD \(path) HTTP/1.1")
            #expect(answer.hasPrefix("HTTP/1.1 403 "), "\(answer)")
            #expect(answer.hasSuffix("\r\n\r\n"), "HEAD \(path) sent bytes after its head: \(answer)")
            #expect(answer.lowercased().contains("\r\ncache-control: no-store\r\n"), "\(answer)")
        }
        #expect(try await fixture.server.stop() == 0)
    }

    /// `manifest.packURLs: "packs"`: sign-url signs `/packs/ID`; that URL works (200, 206, 304, all private),
    /// and its query does not open the pack's blob path, nor the blob URL's query the pack path.
    @Test func signedURLsOfThePacksStyle() async throws {
        let fixture = try await Fixture.start()
        let printed = try await fixture.session.store.run(
            ["sign-url", "paid", "--ttl", "600"],
            environment: ["PACKSERVE_PUBLICBASEURL": fixture.server.url(""), "PACKSERVE_MANIFEST_PACKURLS": "packs"])
        let url = printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(url.hasPrefix(fixture.server.url("/packs/paid?expires=")), "\(url)")
        let served = try await fixture.get(url)
        #expect(served.status == 200 && served.body == fixture.paidBytes)
        #expect(served.headers["cache-control"]?.hasPrefix("private") == true, "\(served.headers)")
        let ranged = try await fixture.get(url, ["-r", "1000-1999"])
        #expect(ranged.status == 206 && ranged.body == fixture.paidBytes[1000..<2000])
        let revalidated = try await fixture.get(url, ["-H", "If-None-Match: \"\(fixture.paidSHA256)\""])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        #expect(revalidated.headers["cache-control"]?.hasPrefix("private") == true, "a 304 must not make it public")

        let query = String(url[url.firstIndex(of: "?")!...])
        Self.expectRefused(
            try await fixture.get(fixture.server.url("/blobs/sha256/\(fixture.paidSHA256)") + query), fixture.paidBytes,
            "a /packs signature on the blob path")
        let blobURL = try await fixture.signedURL(ttl: 600)
        Self.expectRefused(
            try await fixture.get(fixture.server.url("/packs/paid") + String(blobURL[blobURL.firstIndex(of: "?")!...])),
            fixture.paidBytes, "a blob signature on the pack path")
        #expect(try await fixture.server.stop() == 0)
    }

    /// A token made while the server runs opens private packs within a poll or two, as a revoked one stops.
    @Test func aTokenMadeWhileServingWorksWithinASecond() async throws {
        let fixture = try await Fixture.start()
        let made = try await fixture.session.store.run(["token", "create", "--name", "late", "--scope", "download"])
        let secret = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let clock = ContinuousClock()
        let started = clock.now
        var response = try await fixture.get(fixture.server.url("/packs/paid"), token: secret)
        try await Poll.until(within: .seconds(3), every: .milliseconds(50)) {
            if response.status == 200 { return true }
            response = try await fixture.get(fixture.server.url("/packs/paid"), token: secret)
            return response.status == 200
        }
        let elapsed = clock.now - started
        #expect(response.status == 200 && response.body == fixture.paidBytes)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        #expect(try await fixture.server.stop() == 0)
    }

    /// sign-url's refusals and its warning, each in one line; `ls` says which packs are private.
    @Test func signURLExplainsWhatItWillNotSign() async throws {
        let fixture = try await Fixture.start()
        let store = fixture.session.store
        let listed = try await store.run(["ls", "--release", "1"]).lines
        #expect(listed.first?.contains(" ACCESS ") == true, "\(listed)")
        #expect(listed.contains { $0.hasPrefix("paid ") && $0.contains(" private ") }, "\(listed)")
        #expect(listed.contains { $0.hasPrefix("free ") && $0.contains(" public ") }, "\(listed)")
        let publicPack = try await store.run(["sign-url", "free"])
        #expect(publicPack.stderr.contains("warning: pack free is public"), "\(publicPack)")
        #expect(publicPack.stdout.contains("?expires="))
        let unknown = try await store.attempt(["sign-url", "nope"])
        #expect(unknown.status == 1 && unknown.stderr.contains(#"unknown pack id "nope""#), "\(unknown)")
        try await store.run(["add", try store.randomFile("soon.bin", count: 10), "--id", "soon"])
        let draftOnly = try await store.attempt(["sign-url", "soon"])
        #expect(draftOnly.status == 1 && draftOnly.stderr.contains("not in the current release"), "\(draftOnly)")
        for ttl in ["0", "604801"] {
            let refused = try await store.attempt(["sign-url", "paid", "--ttl", ttl])
            #expect(refused.status == 1 && refused.stderr.contains("out of range"), "\(refused)")
        }
        #expect(try await fixture.server.stop() == 0)
    }
}
