import Foundation
import HTTP1
import Testing
import Polling
@testable import HTTPServer

/// Documents in two representations: identity and gzip, each with its own ETag, Vary on both, and
/// preconditions and ranges on the one sent. The gzip bytes are checked with the system's `gzip -d`.
struct EncodedDocumentTests {
    static let json = Array((0..<200).map { "{\"id\":\"pack-\($0)\",\"size\":\($0 * 1000)}" }.joined(separator: ",").utf8)
    let responder = RepresentationResponder(maxRanges: 16)

    func document(_ body: [UInt8] = json, compress: Bool = true, worker: LowPriorityWorker? = nil) -> EncodedDocument {
        EncodedDocument(
            body: body, contentType: "application/json", entityTag: EntityTag(opaqueTag: "doc-1")!,
            lastModified: 784_111_777, cacheControl: "no-cache", compress: compress, worker: worker)
    }

    func respond(_ document: EncodedDocument, _ fields: [(String, String)] = [], method: HTTPMethod = .get) -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in fields { headers.add(name, value) }
        return document.respond(
            to: HTTPRequestHead(method: method, target: "/d", path: "/d", headers: headers), with: responder)
    }

    static func bytes(_ response: HTTPResponse) -> [UInt8] {
        response.body.segments.flatMap { segment -> [UInt8] in
            guard case .bytes(let bytes) = segment else { return [] }
            return bytes
        }
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Array(data)
    }

    @Test func gzipWhenAcceptedIdentityOtherwiseEachWithItsOwnTagAndVary() throws {
        let document = document()
        let plain = respond(document)
        #expect(plain.status == .ok && Self.bytes(plain) == Self.json)
        #expect(plain.headers["ETag"] == "\"doc-1\"" && plain.headers["Vary"] == "Accept-Encoding")
        #expect(plain.headers["Content-Encoding"] == nil)

        let coded = respond(document, [("Accept-Encoding", "gzip, deflate")])
        #expect(coded.status == .ok && coded.headers["Content-Encoding"] == "gzip")
        #expect(coded.headers["ETag"] == "\"doc-1-gz\"" && coded.headers["Vary"] == "Accept-Encoding")
        #expect(Self.bytes(coded).count < Self.json.count / 3)
        #expect(try Self.gunzip(Self.bytes(coded)) == Self.json)
    }

    @Test func conditionalRequestsCompareTheTagOfTheRepresentationSent() {
        let document = document()
        let gzip = [("Accept-Encoding", "gzip")]
        let notModified = respond(document, gzip + [("If-None-Match", "\"doc-1-gz\"")])
        #expect(notModified.status == .notModified && notModified.headers["ETag"] == "\"doc-1-gz\"")
        #expect(notModified.headers["Vary"] == "Accept-Encoding" && notModified.body.count == 0)
        // The identity tag does not match the gzip representation, nor the other way round.
        #expect(respond(document, gzip + [("If-None-Match", "\"doc-1\"")]).status == .ok)
        #expect(respond(document, [("If-None-Match", "\"doc-1-gz\"")]).status == .ok)
        #expect(respond(document, [("If-None-Match", "\"doc-1\"")]).status == .notModified)
    }

    @Test func rangesCountTheCodedBytes() throws {
        let document = document()
        let whole = Self.bytes(respond(document, [("Accept-Encoding", "gzip")]))
        let partial = respond(document, [("Accept-Encoding", "gzip"), ("Range", "bytes=10-19")])
        #expect(partial.status == .partialContent && partial.headers["Content-Encoding"] == "gzip")
        #expect(partial.headers["Content-Range"] == "bytes 10-19/\(whole.count)")
        #expect(Self.bytes(partial) == Array(whole[10...19]))
        let identity = respond(document, [("Range", "bytes=-5")])
        #expect(identity.headers["Content-Range"] == "bytes \(Self.json.count - 5)-\(Self.json.count - 1)/\(Self.json.count)")
        #expect(Self.bytes(identity) == Array(Self.json.suffix(5)))
    }

    @Test func smallOrIncompressibleDocumentsHaveOneRepresentation() {
        for document in [document(Array("{\"ok\":true}".utf8)), document(compress: false)] {
            let response = respond(document, [("Accept-Encoding", "gzip")])
            #expect(response.headers["Content-Encoding"] == nil && response.headers["Vary"] == nil)
            #expect(response.headers["ETag"] == "\"doc-1\"")
        }
    }

    /// A large document goes live at once in identity and is sent gzip-coded once the worker has made it.
    /// Compression costs a core for a moment per large document: only a client that prefers gzip starts it.
    @Test func requestsThatDoNotPreferGzipStartNoCompression() throws {
        let large = Array(repeating: Self.json, count: 40).flatMap { $0 }
        let document = document(large, worker: LowPriorityWorker())
        let variant = try #require(document.gzip)
        for fields in [[], [("Accept-Encoding", "identity")], [("Accept-Encoding", "gzip;q=0")], [("Accept-Encoding", "br")]] {
            #expect(Self.bytes(respond(document, fields)) == large, "\(fields)")
            #expect(variant.isUnasked, "\(fields)")
        }
        _ = respond(document, [("Accept-Encoding", "gzip")])
        #expect(!variant.isUnasked)
    }

    @Test func largeDocumentsAreCompressedOnTheWorkerAndSentIdentityUntilThen() async throws {
        let large = Array(repeating: Self.json, count: 40).flatMap { $0 }
        #expect(large.count > GzipVariant.immediateLimit)
        let worker = LowPriorityWorker()
        let gate = DispatchSemaphore(value: 0)
        worker.submit { gate.wait() }  // hold the worker until the identity answer has been checked
        let document = document(large, worker: worker)
        let early = respond(document, [("Accept-Encoding", "gzip")])
        #expect(early.headers["Content-Encoding"] == nil && early.headers["Vary"] == "Accept-Encoding")
        #expect(Self.bytes(early) == large)
        gate.signal()
        var late = respond(document, [("Accept-Encoding", "gzip")])
        // The worker compresses on its own thread.
        try await Poll.until(within: .seconds(10), every: .milliseconds(10)) {
            late = respond(document, [("Accept-Encoding", "gzip")])
            return late.headers["Content-Encoding"] != nil
        }
        #expect(late.headers["Content-Encoding"] == "gzip")
        #expect(try Self.gunzip(Self.bytes(late)) == large)
    }
}
