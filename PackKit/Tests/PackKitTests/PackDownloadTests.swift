import Foundation
import PackKitTestSupport
import PackKitWire
import Testing
@testable import PackKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct PackDownloadTests {
    let server = FakeServer()
    let directory = temporaryDirectory()
    let sleeper = RecordingSleeper()
    let bytes = SampleManifest.bytes(10_000)

    func download(
        _ pack: PackDescriptor, credentials: CatalogCredentials? = nil, chunkSize: Int64 = 4096, progress: Progress = Progress(totalUnitCount: 0)
    ) throws -> PackDownload {
        PackDownload(
            transport: HTTPTransport(configuration: fakeConfiguration(), credentials: credentials), pack: pack,
            url: URL(string: pack.url!)!, partial: try PartialFile(url: directory.appendingPathComponent("\(pack.sha256).partial")),
            chunkSize: chunkSize, retry: RetryPolicy(), sleep: sleeper.sleeper,
            report: { progress.totalUnitCount = pack.size; progress.completedUnitCount = $0 })
    }

    func pack(_ bytes: [UInt8], path: String = "/blobs/a") -> PackDescriptor {
        SampleManifest.pack("a", bytes: bytes, url: server.serve(bytes, at: path).absoluteString)
    }

    func partialBytes(_ pack: PackDescriptor) -> [UInt8]? {
        FileManager.default.contents(atPath: directory.appendingPathComponent("\(pack.sha256).partial").path).map(Array.init)
    }

    @Test func downloadsInRangedChunksWithIfRangeAndIdentity() async throws {
        let pack = pack(bytes)
        let progress = Progress(totalUnitCount: 0)
        try await download(pack, progress: progress).run()
        #expect(partialBytes(pack).map(HexDigest.sha256) == pack.sha256)
        #expect(progress.completedUnitCount == 10_000 && progress.totalUnitCount == 10_000)
        let requests = server.withLock { server.requests }
        #expect(requests.map { $0.value(forHTTPHeaderField: "Range") } == ["bytes=0-4095", "bytes=4096-8191", "bytes=8192-9999"])
        #expect(requests.map { $0.value(forHTTPHeaderField: "If-Range") } == [nil, "\"\(pack.sha256)\"", "\"\(pack.sha256)\""])
        #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "Accept-Encoding") == "identity" })
    }

    @Test func resumesACutTransferWithRangeAndIfRange() async throws {
        let pack = pack(bytes)
        server.inject(.cutAfter(1000))
        try await download(pack).run()
        #expect(partialBytes(pack).map(HexDigest.sha256) == pack.sha256)
        let requests = server.withLock { server.requests }
        #expect(requests[1].value(forHTTPHeaderField: "Range") == "bytes=1000-5095")
        #expect(requests[1].value(forHTTPHeaderField: "If-Range") == "\"\(pack.sha256)\"")
        #expect(sleeper.sleeps == [.milliseconds(250)])
    }

    /// Bytes of an older representation on disk: the server answers the resume with 200, the partial is
    /// emptied and the pack downloaded again from byte 0, and the digest (over the new bytes) checks.
    @Test func restartsWhenTheValidatorChanged() async throws {
        let pack = pack(bytes)
        let partialURL = directory.appendingPathComponent("\(pack.sha256).partial")
        try Data(SampleManifest.bytes(3000, seed: 9)).write(to: partialURL)
        try Data("\"old\"".utf8).write(to: partialURL.appendingPathExtension("etag"))
        try await download(pack).run()
        #expect(partialBytes(pack).map(HexDigest.sha256) == pack.sha256)
        let requests = server.withLock { server.requests }
        #expect(requests.first?.value(forHTTPHeaderField: "Range") == "bytes=3000-7095")
        #expect(requests.first?.value(forHTTPHeaderField: "If-Range") == "\"old\"")
        #expect(requests.dropFirst().first?.value(forHTTPHeaderField: "Range") == "bytes=0-4095")
        #expect(requests.dropFirst().first?.value(forHTTPHeaderField: "If-Range") == nil)
    }

    @Test func refusesAWrongDigestAndRemovesThePartial() async throws {
        let pack = pack(bytes)
        server.inject(.corrupt(100))
        await #expect(throws: PackKitError.self) { try await download(pack).run() }
        #expect(partialBytes(pack) == nil)
    }

    /// A wrong digest is caught over the whole file, the bytes from an earlier run included.
    @Test func rehashesTheBytesAlreadyOnDisk() async throws {
        let pack = pack(bytes)
        var tampered = Array(bytes[0..<4096])
        tampered[7] ^= 1
        let partialURL = directory.appendingPathComponent("\(pack.sha256).partial")
        try Data(tampered).write(to: partialURL)
        try Data("\"\(pack.sha256)\"".utf8).write(to: partialURL.appendingPathExtension("etag"))
        await #expect(throws: PackKitError.digestMismatch(pack: "a", expected: pack.sha256, actual: HexDigest.sha256(tampered + bytes[4096...]))) {
            try await download(pack).run()
        }
    }

    @Test func cancellationLeavesAResumablePartial() async throws {
        let pack = pack(bytes)
        server.inject(.stallAfter(3000))
        let progress = Progress(totalUnitCount: 0)
        let transfer = try download(pack, chunkSize: 1 << 20, progress: progress)
        let task = Task { try await transfer.run() }
        await server.waitForStall()
        while progress.completedUnitCount < 3000 { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(partialBytes(pack).map(HexDigest.sha256) == HexDigest.sha256(bytes[0..<3000]))
        try await download(pack, chunkSize: 1 << 20).run()
        #expect(partialBytes(pack).map(HexDigest.sha256) == pack.sha256)
        let last = server.withLock { server.requests.last }
        #expect(last?.value(forHTTPHeaderField: "Range") == "bytes=3000-9999")
        #expect(last?.value(forHTTPHeaderField: "If-Range") == "\"\(pack.sha256)\"")
    }

    @Test func backsOffExponentiallyAndGivesUp() async throws {
        let pack = pack(bytes)
        server.inject(.status(503), .status(503), .status(503), .status(503), .status(503), .status(503))
        await #expect(throws: PackKitError.self) { try await download(pack).run() }
        #expect(sleeper.sleeps == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4)])
    }

    @Test func doesNotRetryWhatCannotSucceed() async throws {
        let pack = SampleManifest.pack("a", bytes: bytes, url: server.url("/missing").absoluteString)
        await #expect(throws: PackKitError.server("pack a: HTTP 404")) { try await download(pack).run() }
        #expect(sleeper.sleeps.isEmpty)
    }

    @Test func answersTheBasicChallengeWithTheToken() async throws {
        let pack = pack(bytes)
        server.requireBasic(password: "s3cret")
        try await download(pack, credentials: .token("s3cret", for: server.baseURL)).run()
        #expect(partialBytes(pack).map(HexDigest.sha256) == pack.sha256)
        let requests = server.withLock { server.requests }
        #expect(requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
        #expect(requests.last?.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Basic ") == true)
    }

    @Test func withoutCredentialsA401IsRefused() async throws {
        let pack = pack(bytes)
        server.requireBasic(password: "s3cret")
        await #expect(throws: PackKitError.self) { try await download(pack).run() }
    }

    @Test func sendsNoCredentialsToAnotherOrigin() async throws {
        let cdn = FakeServer()
        let pack = SampleManifest.pack("a", bytes: bytes, url: cdn.serve(bytes, at: "/blobs/a").absoluteString)
        try await download(pack, credentials: .token("s3cret", for: server.baseURL)).run()
        #expect(cdn.withLock { cdn.requests }.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == nil })
    }

    /// URLSession copies headers onto a redirected request; PackKit's delegate removes `Authorization`
    /// when the redirect leaves the task's original origin. Called directly: corelibs Foundation cannot
    /// redirect from a URLProtocol ("doesn't currently handle redirects directly"), only from real HTTP,
    /// which the root package's end-to-end tests exercise.
    @Test func stripsAuthorizationWhenARedirectLeavesTheOrigin() async throws {
        let delegate = SessionDelegate(credentials: nil)
        let session = URLSession(configuration: fakeConfiguration())
        let task = session.dataTask(with: URLRequest(url: server.url("/packs/a")))
        var proposed = URLRequest(url: URL(string: "https://cdn.test/blobs/a")!)
        proposed.setValue("Bearer s3cret", forHTTPHeaderField: "Authorization")
        let response = HTTPURLResponse(url: server.url("/packs/a"), statusCode: 302, httpVersion: nil, headerFields: [:])!
        let followed = Locked<URLRequest?>(nil)
        delegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: proposed) { request in
            followed.withLock { $0 = request }
        }
        #expect(followed.withLock { $0 }?.url == proposed.url)
        #expect(followed.withLock { $0 }?.value(forHTTPHeaderField: "Authorization") == nil)
        session.invalidateAndCancel()
    }

    @Test func redirectsWithinTheOriginKeepTheCredentials() {
        var request = URLRequest(url: URL(string: "https://Packs.test:443/blobs/b")!)
        request.setValue("Bearer x", forHTTPHeaderField: "Authorization")
        let same = RedirectCredentials.request(request, redirectedFrom: URL(string: "https://packs.test/packs/b"))
        #expect(same.value(forHTTPHeaderField: "Authorization") == "Bearer x")
        let other = RedirectCredentials.request(request, redirectedFrom: URL(string: "http://packs.test/packs/b"))
        #expect(other.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func keepsTheQueryOfASignedURL() async throws {
        server.serve(bytes, at: "/packs/a")
        let pack = SampleManifest.pack("a", bytes: bytes, url: server.url("/packs/a").absoluteString + "?expires=9&sig=abc")
        try await download(pack).run()
        #expect(server.withLock { server.requests }.allSatisfy { $0.url?.query == "expires=9&sig=abc" })
    }
}
