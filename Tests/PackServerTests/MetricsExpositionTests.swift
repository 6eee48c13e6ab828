import HTTP1
@testable import HTTPServer
import Testing

@testable import PackServer

/// What `/metrics` says (docs/metrics.md), from the registry's text: the traffic counters as the loops
/// counted them, the live release's gauges, the duration histograms.
@Suite struct MetricsExpositionTests {
    /// The sample lines (`name{labels} value`) of `text`, by their name and labels.
    static func samples(_ text: String) -> [String: String] {
        var samples: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            samples[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return samples
    }

    @Test func trafficReleaseAndDurationsAreExposed() throws {
        let fixture = try ResponderFixture()
        let metrics = PackServeMetrics(routeNames: fixture.responder.routeNames, live: fixture.live)
        let counters = metrics.traffic.makeLoopCounters()
        let packRoute = try #require(fixture.responder.routeNames.firstIndex(of: "/packs/{id}"))
        counters.responded(route: RouteLabel(packRoute), status: 206, bodyBytes: 4096, aborted: false)
        counters.responded(route: .unrouted, status: 421, bodyBytes: 0, aborted: false)
        counters.connectionOpened()
        metrics.durations.releaseLoad.record(duration: .milliseconds(30))

        // The fixture's manifest expires at 2,000 (seconds since 1970).
        let text = String(decoding: metrics.exposition(now: 1_500), as: UTF8.self)
        var samples = Self.samples(text)
        #expect(samples[#"packserve_http_requests_total{route="/packs/{id}",status="206"}"#] == "1")
        #expect(samples[#"packserve_http_requests_total{route="other",status="421"}"#] == "1")
        #expect(samples[#"packserve_http_response_body_bytes_total{route="/packs/{id}"}"#] == "4096")
        #expect(samples["packserve_http_connections_open"] == "1.0")
        #expect(samples["packserve_tls_handshakes_total"] == "0")
        #expect(samples["packserve_release"] == "1.0")
        #expect(samples["packserve_manifest_version"] == "7.0")
        #expect(samples["packserve_manifest_expiry_seconds"] == "500.0")
        #expect(samples["packserve_release_load_duration_seconds_count"] == "1")
        #expect(samples[#"packserve_release_load_duration_seconds_bucket{le="0.1"}"#] == "1")
        #expect(samples[#"packserve_release_load_duration_seconds_bucket{le="0.025"}"#] == "0")
        for empty in ["manifest_signing", "ingest", "publish"] {
            #expect(samples["packserve_\(empty)_duration_seconds_count"] == "0")
        }
        #expect(text.contains("# TYPE packserve_http_requests_total counter"))
        #expect(text.contains("# HELP packserve_http_requests_total "))

        // A second scrape advances the counters by what the loops counted since, no more.
        counters.responded(route: RouteLabel(packRoute), status: 206, bodyBytes: 100, aborted: true)
        counters.connectionClosed()
        samples = Self.samples(String(decoding: metrics.exposition(now: 2_010), as: UTF8.self))
        #expect(samples[#"packserve_http_requests_total{route="/packs/{id}",status="206"}"#] == "2")
        #expect(samples[#"packserve_http_response_body_bytes_total{route="/packs/{id}"}"#] == "4196")
        #expect(samples[#"packserve_http_responses_aborted_total{route="/packs/{id}"}"#] == "1")
        #expect(samples["packserve_http_connections_open"] == "0.0")
        #expect(samples["packserve_manifest_expiry_seconds"] == "-10.0")
    }

    @Test func theResponderServesOnlyMetrics() throws {
        let fixture = try ResponderFixture()
        let responder = MetricsResponder(metrics: PackServeMetrics(routeNames: ["other"], live: fixture.live))
        func request(_ path: String, _ method: HTTPMethod = .get) -> HTTPResponse {
            responder.respond(to: HTTPRequest(head: HTTPRequestHead(
                method: method, target: path, path: path, query: nil, headers: ["host": "anything"])))
        }
        let scrape = request("/metrics")
        #expect(scrape.status == .ok)
        #expect(scrape.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(scrape.text.contains("packserve_release 1.0"))
        #expect(request("/").status == .notFound)
        #expect(request("/packs/level-1").status == .notFound)
        #expect(request("/metrics", .post).status == .methodNotAllowed)
    }
}
