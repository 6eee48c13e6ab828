import Foundation
import CDNSimulation
import PackServeTesting
import Polling
import RawHTTPClient
import Testing

extension EndToEnd {
    /// `/metrics` on its own listener (docs/metrics.md), scraped and parsed by prometheus_client: the
    /// counters move by exactly the requests made, the gauges follow the connections and the release,
    /// and neither the public listener nor a server with metrics off serves it.
    @Suite struct Metrics {
        static let metricsOn: [String: any Sendable] = ["listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable]]

        /// `after[name] - before[name]`, a missing sample counting as 0.
        static func delta(_ name: String, _ before: [String: Any], _ after: [String: Any]) -> Double {
            ((after[name] as? Double) ?? 0) - ((before[name] as? Double) ?? 0)
        }

        /// Scrapes until `condition` holds or 5 s pass; returns the last scrape.
        static func scrape(_ url: String, until condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
            var samples = try await MetricsScrapeScript.scrape(url)
            try await Poll.until(within: .seconds(5), every: .milliseconds(50)) {
                if condition(samples) { return true }
                samples = try await MetricsScrapeScript.scrape(url)
                return condition(samples)
            }
            return samples
        }

        @Test func countersMoveByExactlyTheRequestsMade() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("a.bin", count: 10_000), "--id", "a"])
            try await store.run(["publish"])
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            let server = try await store.serve(overrides: ["tls": certificates.settings, "metrics": Self.metricsOn])
            let metricsURL = "http://127.0.0.1:\(try await server.metricsPort())/metrics"

            // Never on the public listener: there /metrics is just a path with no file behind it.
            #expect(try await StoreResponse.get(server.url("/metrics")).status == 404)
            #expect(try await StoreResponse.get(metricsURL.replacingOccurrences(of: "/metrics", with: "/")).status == 404)
            // Connections from the requests above have closed (open is back to 0) before counting starts.
            let before = try await Self.scrape(metricsURL) { $0["packserve_http_connections_open"] as? Double == 0 }

            let whole = try await StoreResponse.get(server.url("/packs/a"))
            let range = try await StoreResponse.get(server.url("/packs/a"), curlArguments: ["-r", "0-99"])
            let unchanged = try await StoreResponse.get(
                server.url("/packs/a"), curlArguments: ["-H", "If-None-Match: \(whole.headers["etag"] ?? "")"])
            let missing = try await StoreResponse.get(server.url("/packs/nope"))
            let misdirected = try await StoreResponse.get(server.url("/packs/a"), curlArguments: ["-H", "Host: elsewhere.example"])
            #expect([whole, range, unchanged, missing, misdirected].map(\.status) == [200, 206, 304, 404, 421])
            let secure = try await StoreResponse.get(
                server.secureURL("/healthz"), curlArguments: ["--cacert", certificates.caFile])
            #expect(secure.status == 200)
            // Plaintext on the TLS port: a failed handshake, no HTTP answer.
            let plaintext = try RawClient(port: server.tlsPort)
            try plaintext.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(plaintext.readUntilEnd().end != .timedOut)
            plaintext.close()
            let held = try RawClient(port: server.port)

            let after = try await Self.scrape(metricsURL) { $0["packserve_http_connections_open"] as? Double == 1 }
            func moved(_ name: String) -> Double { Self.delta(name, before, after) }
            let packs = #"route="/packs/{id}""#
            #expect(moved("packserve_http_requests_total{\(packs),status=\"200\"}") == 1)
            #expect(moved("packserve_http_requests_total{\(packs),status=\"206\"}") == 1)
            #expect(moved("packserve_http_requests_total{\(packs),status=\"304\"}") == 1)
            #expect(moved("packserve_http_requests_total{\(packs),status=\"404\"}") == 1)
            #expect(moved(#"packserve_http_requests_total{route="other",status="421"}"#) == 1)
            #expect(moved(#"packserve_http_requests_total{route="/healthz",status="200"}"#) == 1)
            let requestsMoved = after.keys.filter { $0.hasPrefix("packserve_http_requests_total{") }.map(moved)
            #expect(requestsMoved.reduce(0, +) == 6, "no other response was counted")
            #expect(whole.body.count == 10_000 && range.body.count == 100)
            #expect(moved("packserve_http_response_body_bytes_total{\(packs)}") == Double(10_000 + 100 + missing.body.count))
            #expect(moved(#"packserve_http_response_body_bytes_total{route="other"}"#) == Double(misdirected.body.count))
            #expect(moved("packserve_http_responses_aborted_total{\(packs)}") == 0)
            // Five curls over plaintext, one over TLS, the plaintext-on-TLS socket and the held one.
            #expect(moved("packserve_http_connections_accepted_total") == 8)
            #expect(after["packserve_http_connections_open"] as? Double == 1, "the held connection")
            #expect(moved("packserve_tls_handshakes_total") == 1)
            #expect(moved("packserve_tls_handshake_failures_total") == 1)

            #expect(after["packserve_release"] as? Double == 1)
            #expect(after["packserve_manifest_version"] as? Double == 1)
            let expiry = after["packserve_manifest_expiry_seconds"] as? Double ?? 0
            #expect(expiry > 168 * 3600 - 300 && expiry <= 168 * 3600, "\(expiry)")
            #expect((after["packserve_release_load_duration_seconds_count"] as? Double ?? 0) >= 1)
            #expect(after["packserve_publish_duration_seconds_count"] as? Double == 0)
            #expect(after["#type:packserve_http_requests"] as? String == "counter")
            #expect(after["#type:packserve_http_connections_open"] as? String == "gauge")
            #expect(after["#type:packserve_release_load_duration_seconds"] as? String == "histogram")

            held.close()
            let closed = try await Self.scrape(metricsURL) { $0["packserve_http_connections_open"] as? Double == 0 }
            #expect(closed["packserve_http_connections_open"] as? Double == 0)
            #expect(try await server.stop() == 0)
        }

        /// A download cut off by the client counts as aborted, with the bytes that actually left.
        @Test func anAbortedDownloadIsCounted() async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("big.bin", count: 64 << 20), "--id", "big"])
            try await store.run(["publish"])
            let server = try await store.serve(overrides: ["metrics": Self.metricsOn])
            let metricsURL = "http://127.0.0.1:\(try await server.metricsPort())/metrics"
            let client = try RawClient(port: server.port)
            try client.send("GET /packs/big HTTP/1.1\r\nHost: localhost\r\n\r\n")
            var received = 0
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while received < 1 << 20 {
                let n = recv(client.descriptor, &buffer, buffer.count, 0)
                guard n > 0 else { break }
                received += n
            }
            client.close()
            let packs = #"route="/packs/{id}""#
            let after = try await Self.scrape(metricsURL) {
                $0["packserve_http_responses_aborted_total{\(packs)}"] as? Double == 1
            }
            #expect(after["packserve_http_responses_aborted_total{\(packs)}"] as? Double == 1)
            #expect(after["packserve_http_requests_total{\(packs),status=\"200\"}"] as? Double == 1)
            let sent = after["packserve_http_response_body_bytes_total{\(packs)}"] as? Double ?? 0
            #expect(sent >= Double(received - 1_000) && sent < Double(64 << 20), "\(sent) sent, \(received) received")
            #expect(try await server.stop() == 0)
        }

        @Test(arguments: ["enabled: false", "listen: null", "absent"])
        func withMetricsOffNothingListens(variant: String) async throws {
            let port = try await FreePorts.pick(1)[0]
            let address: [String: any Sendable] = ["host": "127.0.0.1", "port": port]
            let overrides: [String: any Sendable] = switch variant {
            case "enabled: false": ["metrics": ["enabled": false, "listen": address] as [String: any Sendable]]
            case "listen: null": ["metrics": ["listen": NSNull()] as [String: any Sendable]]
            default: [:]
            }
            let store = try StoreWorkspace()
            let server = try await store.serve(overrides: overrides)
            #expect(!server.child.stderr.text.contains("listener=metrics"), "\(server.child.stderr.text)")
            #expect(throws: RawClientError.self) { try RawClient(port: port) }
            #expect(try await StoreResponse.get(server.url("/metrics")).status == 404)
            #expect(try await server.stop() == 0)
        }
    }
}
