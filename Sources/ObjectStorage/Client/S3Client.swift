import Foundation
import HTTP1
import HTTPClient

/// An S3 client on the project's own HTTP/1.1 client: Signature Version 4, path-style or virtual-hosted
/// addressing, objects streamed from and to files, multipart uploads above a threshold, and retries of
/// idempotent requests that fail transiently. Blocking, like `HTTPClient.perform`: call it off Swift's
/// cooperative pool (the publisher and the replica copy from their own threads).
public final class S3Client: Sendable {
    public let configuration: S3Configuration
    let http: HTTPClient
    let signer: SigV4Signer
    /// Seconds since 1970, for X-Amz-Date: a parameter so tests can sign at AWS's example instants.
    let now: @Sendable () -> Int
    /// How long to wait before attempt `n` (1-based) of a retried request.
    let backoff: @Sendable (Int) -> Double

    public init(
        configuration: S3Configuration, userAgent: String = "packserve",
        now: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970) },
        backoff: @escaping @Sendable (Int) -> Double = { attempt in min(0.2 * Double(1 << min(attempt, 6)), 5) }
    ) throws(ObjectStorageError) {
        self.configuration = configuration
        do {
            http = try HTTPClient(userAgent: userAgent, timeout: configuration.timeout, caFile: configuration.caFile)
        } catch {
            throw ObjectStorageError(.configuration, error.description)
        }
        signer = SigV4Signer(credentials: configuration.credentials, region: configuration.region)
        self.now = now
        self.backoff = backoff
    }

    /// One signed request. A 2xx (or a status in `accept`) answer's body goes to `sink` when `streams`,
    /// else into the returned bytes; any other status becomes an `ObjectStorageError` with the S3 error code.
    func send(
        _ method: String, key: String?, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], body: ClientRequest.Body? = nil,
        payloadHash: String = SigV4Signer.emptyPayloadHash, accept: Set<Int> = [], streams: Bool = false,
        sink: ([UInt8]) throws -> Void = { _ in }
    ) throws(ObjectStorageError) -> (head: ClientResponseHead, body: [UInt8]) {
        let (url, encodedPath) = try configuration.location(key: key, query: query)
        let endpoint: ClientEndpoint
        do { endpoint = try ClientEndpoint(url) } catch { throw ObjectStorageError(.configuration, error.description) }
        let timestamp = SigV4Signer.timestamp(secondsSince1970: now())
        // Host is sent by the HTTP client (the same value, from the same URL); it is signed here.
        let sent = headers + [("x-amz-date", timestamp), ("x-amz-content-sha256", payloadHash)]
        let signable = SignableRequest(method: method, encodedPath: encodedPath, query: query,
            headers: sent + [("host", endpoint.hostField)], payloadHash: payloadHash)
        let authorization = signer.authorization(signable, timestamp: timestamp)
        let request = ClientRequest(method: method, url: url, headers: sent + [("Authorization", authorization)], body: body)
        var collected: [UInt8] = []
        var succeeded = false
        let head: ClientResponseHead
        do {
            head = try http.perform(request, head: { head in
                succeeded = (200..<300).contains(head.status) || accept.contains(head.status)
                return true
            }, body: { piece in
                if succeeded {
                    if streams { try sink(piece) } else { collected += piece }
                } else if collected.count < 1 << 20 {
                    // An error document is small; a proxy's error page need not be, and only its start matters.
                    collected += piece
                }
            })
        } catch let error as HTTPClientError {
            throw ObjectStorageError(.transport, "\(method) \(key ?? configuration.bucket): \(error.description)",
                transportFailure: error.kind)
        } catch let error as ObjectStorageError {
            throw error
        } catch {
            throw ObjectStorageError(.file, "\(method) \(key ?? configuration.bucket): \(error)")
        }
        guard succeeded else {
            let document = S3ErrorDocument(xml: collected)
            throw ObjectStorageError(.service,
                "\(method) \(key.map { "\(configuration.bucket)/\($0)" } ?? configuration.bucket)"
                    + (document.map { $0.message.isEmpty ? "" : " (\($0.message))" } ?? ""),
                status: head.status, code: document?.code ?? "")
        }
        return (head, collected)
    }

    /// Runs `operation` up to `maxAttempts` times while it fails transiently, waiting a growing while
    /// between attempts. Only for requests that may be sent twice (RFC 9110 §9.2.2: GET, HEAD, PUT,
    /// DELETE; an UploadPart is a PUT of the same bytes under the same number).
    func retrying<T>(_ operation: () throws(ObjectStorageError) -> T) throws(ObjectStorageError) -> T {
        var attempt = 1
        while true {
            do { return try operation() } catch where error.isTransient && attempt < configuration.maxAttempts {
                Thread.sleep(forTimeInterval: backoff(attempt))
                attempt += 1
            }
        }
    }
}
