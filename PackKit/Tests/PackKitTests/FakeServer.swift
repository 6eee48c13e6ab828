import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An in-process HTTP origin behind `FakeURLProtocol`: serves blobs with a strong ETag and RFC 9110 Range
/// and If-Range handling, and can cut, stall, redirect or challenge on cue. Each test gets its own host
/// name, so tests running in parallel never see each other's server.
final class FakeServer: @unchecked Sendable {
    // @unchecked: all mutable state is behind `lock`.
    struct Blob {
        var bytes: [UInt8]
        var etag: String
    }

    /// What the next responses do, consumed in order; when empty, the response is served normally.
    enum Fault {
        /// Send this many body bytes, then fail the connection.
        case cutAfter(Int)
        /// Send this many body bytes, then neither finish nor fail (a stalled connection).
        case stallAfter(Int)
        /// Answer with this status and no body.
        case status(Int)
        /// Flip the byte at this offset of the next response's body.
        case corrupt(Int)
    }

    let host: String
    private let lock = NSLock()
    private var blobs: [String: Blob] = [:]
    private var documents: [String: [UInt8]] = [:]
    private var redirects: [String: URL] = [:]
    private var faults: [Fault] = []
    private var basicPassword: String?
    private(set) var requests: [URLRequest] = []
    /// The bodies POSTed to `/reports`, answered 202 (or with the next `.status` fault).
    private(set) var reports: [[UInt8]] = []
    /// Body bytes sent, all responses together.
    private(set) var bytesSent = 0
    private var stallWaiters: [CheckedContinuation<Void, Never>] = []
    private var stalled = false

    init() {
        host = "t\(UUID().uuidString.prefix(8).lowercased()).test"
        FakeServer.registry.withLock { $0[host] = self }
    }

    deinit {
        let host = self.host
        FakeServer.registry.withLock { _ = $0.removeValue(forKey: host) }
    }

    static let registry = LockedDictionary()

    var baseURL: URL { URL(string: "https://\(host)")! }

    func url(_ path: String) -> URL { URL(string: "https://\(host)\(path)")! }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Serves `bytes` at `path` with the ETag `"<sha256>"`, as PackServe does.
    @discardableResult
    func serve(_ bytes: [UInt8], at path: String, etag: String? = nil) -> URL {
        withLock { blobs[path] = Blob(bytes: bytes, etag: etag ?? "\"\(HexDigest.sha256(bytes))\"") }
        return url(path)
    }

    func serveDocument(_ bytes: [UInt8], at path: String) {
        withLock { documents[path] = bytes }
    }

    func redirect(_ path: String, to target: URL) {
        withLock { redirects[path] = target }
    }

    /// Every request without `Authorization: Basic` for this password gets 401 with a Basic challenge.
    func requireBasic(password: String) {
        withLock { basicPassword = password }
    }

    func inject(_ faults: Fault...) {
        withLock { self.faults += faults }
    }

    /// Returns once a response has stalled.
    func waitForStall() async {
        await withCheckedContinuation { continuation in
            let already = withLock { () -> Bool in
                if stalled { return true }
                stallWaiters.append(continuation)
                return false
            }
            if already { continuation.resume() }
        }
    }

    /// The response to `request`, decided under the lock.
    func respond(to request: URLRequest) -> FakeResponse {
        withLock {
            requests.append(request)
            let path = request.url?.path ?? "/"
            if let password = basicPassword {
                let expected = "Basic " + Data("packkit:\(password)".utf8).base64EncodedString()
                if request.value(forHTTPHeaderField: "Authorization") != expected {
                    return FakeResponse(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"packserve\""], body: [])
                }
            }
            if path == "/reports", request.httpMethod == "POST" {
                if case .status(let status)? = faults.first {
                    faults.removeFirst()
                    return FakeResponse(status: status, headers: [:], body: [])
                }
                reports.append(Self.body(of: request))
                return FakeResponse(status: 202, headers: [:], body: [])
            }
            if let target = redirects[path] {
                return FakeResponse(status: 302, headers: ["Location": target.absoluteString], body: [], redirect: target)
            }
            if let document = documents[path] {
                return FakeResponse(status: 200, headers: ["Content-Type": "application/jwt"], body: document)
            }
            guard let blob = blobs[path] else { return FakeResponse(status: 404, headers: [:], body: []) }
            var response = Self.rangeResponse(blob, request: request)
            if !faults.isEmpty {
                switch faults.removeFirst() {
                case .cutAfter(let count): response.cutAfter = count
                case .stallAfter(let count): response.stallAfter = count
                case .status(let status): response = FakeResponse(status: status, headers: [:], body: [])
                case .corrupt(let offset):
                    if offset < response.body.count { response.body[offset] ^= 0xFF }
                }
            }
            bytesSent += min(response.body.count, response.cutAfter ?? response.stallAfter ?? .max)
            return response
        }
    }

    /// A request's body, whether URLSession kept it as data or handed it over as a stream.
    private static func body(of request: URLRequest) -> [UInt8] {
        if let data = request.httpBody { return Array(data) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
        }
    }

    func noteStall() {
        let waiters = withLock { () -> [CheckedContinuation<Void, Never>] in
            stalled = true
            defer { stallWaiters = [] }
            return stallWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// RFC 9110 §14.2 and §13.1.5, for one `bytes=first-[last]` range.
    private static func rangeResponse(_ blob: Blob, request: URLRequest) -> FakeResponse {
        let full = FakeResponse(
            status: 200, headers: ["ETag": blob.etag, "Content-Length": "\(blob.bytes.count)", "Accept-Ranges": "bytes"], body: blob.bytes)
        guard let range = request.value(forHTTPHeaderField: "Range"), range.hasPrefix("bytes=") else { return full }
        if let ifRange = request.value(forHTTPHeaderField: "If-Range"), ifRange != blob.etag { return full }
        let bounds = range.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]) else { return full }
        guard first < blob.bytes.count else {
            return FakeResponse(status: 416, headers: ["Content-Range": "bytes */\(blob.bytes.count)"], body: [])
        }
        let last = min(Int(bounds[1]) ?? blob.bytes.count - 1, blob.bytes.count - 1)
        return FakeResponse(
            status: 206,
            headers: ["ETag": blob.etag, "Content-Range": "bytes \(first)-\(last)/\(blob.bytes.count)", "Content-Length": "\(last - first + 1)"],
            body: Array(blob.bytes[first...last]))
    }
}

/// One response of the fake server.
struct FakeResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var redirect: URL? = nil
    var cutAfter: Int? = nil
    var stallAfter: Int? = nil
}

/// Host → server, for the URL protocol to find its server.
final class LockedDictionary: @unchecked Sendable {
    private let lock = NSLock()
    private var servers: [String: FakeServer] = [:]

    func withLock<T>(_ body: (inout [String: FakeServer]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&servers)
    }
}
