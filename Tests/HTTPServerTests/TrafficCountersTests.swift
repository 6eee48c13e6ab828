@testable import HTTPServer
import Testing
import Polling

/// The per-loop traffic counters: where each count goes, how loops are summed, and what a connection
/// counts as its responses end (docs/metrics.md).
@Suite struct TrafficCountersTests {
    @Test func everyCounterHasItsOwnSlot() {
        let layout = TrafficCounterLayout(routeCount: 3)
        var slots = [Int]()
        for route in 0..<3 {
            for status in 100...599 { slots.append(layout.request(route: route, status: status)) }
            slots += [layout.bodyBytes(route: route), layout.aborted(route: route)]
        }
        slots += [layout.connectionsAccepted, layout.connectionsClosed, layout.tlsHandshakes, layout.tlsHandshakeFailures]
        slots += TrafficCounterLayout.proxyRefusalReasons.map(layout.proxyRefusals)
        #expect(Set(slots).count == slots.count)
        #expect(Set(slots) == Set(0..<layout.slotCount))
    }

    @Test func unknownRoutesCountAsUnroutedAndStatusesAreClamped() {
        let layout = TrafficCounterLayout(routeCount: 2)
        #expect(layout.request(route: 7, status: 200) == layout.request(route: 0, status: 200))
        #expect(layout.bodyBytes(route: 2) == layout.bodyBytes(route: 0))
        #expect(layout.request(route: 1, status: 42) == layout.request(route: 1, status: 100))
        #expect(layout.request(route: 1, status: 999) == layout.request(route: 1, status: 599))
    }

    @Test func loopsAreSummedAndNamed() {
        let metrics = TrafficMetrics(routeNames: ["other", "/packs/{id}", "static"])
        let first = metrics.makeLoopCounters()
        let second = metrics.makeLoopCounters()
        first.responded(route: RouteLabel(1), status: 206, bodyBytes: 4096, aborted: false)
        second.responded(route: RouteLabel(1), status: 206, bodyBytes: 1000, aborted: true)
        second.responded(route: RouteLabel(1), status: 200, bodyBytes: 10, aborted: false)
        first.responded(route: .unrouted, status: 421, bodyBytes: 0, aborted: false)
        first.connectionOpened()
        second.connectionOpened()
        second.connectionOpened()
        first.connectionClosed()
        second.tlsHandshakeCompleted()
        first.tlsHandshakeFailed()

        let snapshot = metrics.snapshot()
        #expect(snapshot.requests == [
            .init(route: "other", status: 421, count: 1),
            .init(route: "/packs/{id}", status: 200, count: 1),
            .init(route: "/packs/{id}", status: 206, count: 2),
        ])
        #expect(snapshot.bodyBytes == ["other": 0, "/packs/{id}": 5106, "static": 0])
        #expect(snapshot.abortedResponses == ["other": 0, "/packs/{id}": 1, "static": 0])
        #expect(snapshot.connectionsAccepted == 3)
        #expect(snapshot.openConnections == 2)
        #expect(snapshot.tlsHandshakes == 1 && snapshot.tlsHandshakeFailures == 1)
    }

    /// A finished response counts its route, status and body bytes; one the peer cut off counts as
    /// aborted with the bytes that left; a request the parser refused counts as unrouted.
    @Test func aConnectionCountsWhatItAnswers() throws {
        let host = ManualHost(responder: RoutingResponder())
        let counters = try #require(host.traffic)
        let transport = MemoryTransport()
        transport.reads = [ConnectionStateTests.request("/routed"), ConnectionStateTests.request("/missing")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        let layout = counters.layout
        var values = counters.values()
        #expect(values[layout.request(route: 1, status: 200)] == 1)
        #expect(values[layout.request(route: 0, status: 404)] == 1)
        #expect(values[layout.bodyBytes(route: 1)] == "GET /routed".utf8.count)

        // The routed response's head is as long again (same status, same two-digit length): it fits,
        // then 3 body bytes.
        let firstResponse = try #require(ConnectionStateTests.responses(in: transport.writtenText).first)
        transport.writeAllowance = firstResponse.utf8.count - "GET /routed".utf8.count + 3
        transport.reads = [Array("GET /routed-long-enough-to-be-cut HTTP/1.1\r\nHost: test\r\n\r\n".utf8)]
        connection.handle(events: ManualHost.readable)
        connection.close(orderly: false)
        values = counters.values()
        #expect(values[layout.request(route: 1, status: 200)] == 2)
        #expect(values[layout.aborted(route: 1)] == 1)
        #expect(values[layout.bodyBytes(route: 1)] == "GET /routed".utf8.count + 3)

        let garbage = MemoryTransport()
        garbage.reads = [Array("NOT HTTP\r\n\r\n".utf8)]
        Connection(socket: -1, transport: garbage, host: host).handle(events: ManualHost.readable)
        #expect(counters.values()[layout.request(route: 0, status: 400)] == 1)
    }
}

extension ServerTests {
    /// The counters over real sockets and two event loops: what the server answered, per route and
    /// status, and how many connections are open.
    @Suite struct Traffic {
        @Test func countsResponsesAndOpenConnectionsAcrossLoops() async throws {
            let traffic = TrafficMetrics(routeNames: RoutingResponder.routeNames)
            let server = try TestServer(responder: RoutingResponder()) { $0.traffic = traffic }
            let clients = try (0..<4).map { _ in try server.client() }
            for (index, client) in clients.enumerated() {
                #expect(try client.roundTrip("GET /routed/\(index) HTTP/1.1\r\nHost: test\r\n\r\n").status == 200)
                #expect(try client.roundTrip("GET /missing HTTP/1.1\r\nHost: test\r\n\r\n").status == 404)
            }
            // A response is counted just after its last byte is written: the client may read it first.
            let expected: [TrafficSnapshot.Requests] = [
                .init(route: "other", status: 404, count: 4), .init(route: "routed", status: 200, count: 4),
            ]
            var snapshot = try await Self.snapshot(of: traffic) { $0.requests == expected }
            #expect(snapshot.requests == expected)
            #expect(snapshot.bodyBytes["routed"] == 4 * "GET /routed/0".utf8.count)
            #expect(snapshot.openConnections == 4 && snapshot.connectionsAccepted == 4)

            clients.forEach { $0.close() }
            snapshot = try await Self.snapshot(of: traffic) { $0.openConnections == 0 }
            #expect(snapshot.openConnections == 0)
            await server.stop()
        }

        /// Snapshots until `condition` holds or 5 s pass; returns the last snapshot.
        static func snapshot(
            of traffic: TrafficMetrics, until condition: (TrafficSnapshot) -> Bool
        ) async throws -> TrafficSnapshot {
            var snapshot = traffic.snapshot()
            try await Poll.until(within: .seconds(5), every: .milliseconds(10)) {
                snapshot = traffic.snapshot()
                return condition(snapshot)
            }
            return snapshot
        }
    }
}
