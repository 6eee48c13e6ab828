import Foundation
import Polling

/// One HTTP response fetched with curl: status, header fields (names lowercased) and the body bytes.
package struct StoreResponse {
    package let status: Int
    package let headers: [String: String]
    package let body: Data

    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The ETag without its quotes (the store's ETags are the sha256 hex in quotes).
    package var entityTagValue: String? { headers["etag"].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } }

    /// GET `url` with curl (HTTP/1.1, no --fail: error statuses are answers too); `curlArguments` adds
    /// request headers or a range (`-r 0-99`).
    package static func get(_ url: String, curlArguments: [String] = []) async throws -> StoreResponse {
        let work = try TemporaryDirectory("packserve-e2e-fetch")
        let headerPath = work.file("headers")
        let bodyPath = work.file("body")
        let run = try await ChildProcess.run(
            try ExternalTool.curl(),
            ["--http1.1", "-sS", "--max-time", "30", "-D", headerPath, "-o", bodyPath, "-w", "%{http_code}"]
                + curlArguments + [url])
        let body = FileManager.default.contents(atPath: bodyPath) ?? Data()
        let headerText = String(decoding: FileManager.default.contents(atPath: headerPath) ?? Data(), as: UTF8.self)
        var headers: [String: String] = [:]
        for line in headerText.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return StoreResponse(status: Int(run.stdout.text) ?? 0, headers: headers, body: body)
    }

    /// Polls `url` until `condition` holds for a response, or `timeout` passes; returns the last response
    /// and how long it took from the call (the caller asserts on both).
    package static func await(
        _ url: String, within timeout: Duration, curlArguments: [String] = [],
        until condition: (StoreResponse) -> Bool
    ) async throws -> (response: StoreResponse, elapsed: Duration, satisfied: Bool) {
        let clock = ContinuousClock()
        let started = clock.now
        var response = try await get(url, curlArguments: curlArguments)
        let satisfied = try await Poll.until(within: timeout) {
            if condition(response) { return true }
            response = try await get(url, curlArguments: curlArguments)
            return condition(response)
        }
        return (response, clock.now - started, satisfied)
    }
}
