@testable import HTTPServer
import Testing

/// Every (state, event) pair of `ConnectionMachine`, against a table: the action it answers with and the
/// state it is left in. Each cell starts a fresh machine in the row's state at t = 1000 and gives it the
/// column's event; the timer fires a day later, so every timeout that can expire has. A change to the
/// machine that changes any cell fails here, with the cell named.
@Suite struct ConnectionMachineTableTests {
    /// The columns, in order.
    static let events: [String] = [
        "readable", "writable", "peerHungUp", "proxyHeader", "handshake", "received", "readWouldBlock",
        "endOfStream", "readFailed", "wrote", "answered", "deferred", "deferredAnswered",
        "consumerAsked", "timerFired", "drainBegun", "closeRequested",
    ]

    /// The rows: a name, the state (with the promise a `deferredAnswered` event completes, if it holds
    /// one), and per column "action>state".
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "awaitingProxyHeader", expected: [
            "readProxyHeader>awaitingProxyHeader", "readProxyHeader>awaitingProxyHeader", "wait>awaitingProxyHeader",
            "handshake>handshaking", "wait>awaitingProxyHeader", "wait>awaitingProxyHeader",
            "wait>awaitingProxyHeader", "close>closed", "abort>closed", "wait>awaitingProxyHeader",
            "wait>awaitingProxyHeader", "wait>awaitingProxyHeader", "wait>awaitingProxyHeader",
            "wait>awaitingProxyHeader", "refuseProxy>closed", "wait>awaitingProxyHeader", "close>closed",
        ]),
        Row(name: "handshaking", expected: [
            "handshake>handshaking", "handshake>handshaking", "wait>handshaking", "wait>handshaking",
            "read>readingHead", "wait>handshaking", "wait>handshaking", "close>closed", "abort>closed",
            "wait>handshaking", "wait>handshaking", "wait>handshaking", "wait>handshaking", "wait>handshaking",
            "close>closed", "wait>handshaking", "close>closed",
        ]),
        Row(name: "idle", expected: [
            "read>idle", "wait>idle", "wait>idle", "wait>idle", "wait>idle", "callApplication>awaitingResponse",
            "wait>idle", "close>closed", "abort>closed", "wait>idle", "wait>idle", "wait>idle", "wait>idle",
            "wait>idle", "close>closed", "close>closed", "close>closed",
        ]),
        Row(name: "readingHead", expected: [
            "read>readingHead", "wait>readingHead", "wait>readingHead", "wait>readingHead", "wait>readingHead",
            "callApplication>awaitingResponse", "wait>readingHead", "close>closed", "abort>closed",
            "wait>readingHead", "wait>readingHead", "wait>readingHead", "wait>readingHead", "wait>readingHead",
            "close>closed", "close>closed", "close>closed",
        ]),
        Row(name: "bodyUnread", expected: [
            "wait>bodyUnread", "wait>bodyUnread", "wait>bodyUnread", "wait>bodyUnread", "wait>bodyUnread",
            "wait>bodyUnread", "wait>bodyUnread", "close>closed", "abort>closed", "wait>bodyUnread", "wait>bodyUnread",
            "wait>bodyUnread", "send>writing", "read>readingBody", "wait>bodyUnread", "wait>bodyUnread",
            "close>closed",
        ]),
        Row(name: "readingBody", expected: [
            "read>readingBody", "wait>readingBody", "wait>readingBody", "wait>readingBody", "wait>readingBody",
            "wait>awaitingResponse", "wait>readingBody", "close>closed", "abort>closed", "wait>readingBody",
            "send>writing", "wait>readingBody", "wait>readingBody", "wait>readingBody", "refuse>writing",
            "wait>readingBody", "close>closed",
        ]),
        Row(name: "awaitingConsumer", expected: [
            "wait>awaitingConsumer", "wait>awaitingConsumer", "wait>awaitingConsumer", "wait>awaitingConsumer",
            "wait>awaitingConsumer", "wait>awaitingConsumer", "wait>awaitingConsumer", "close>closed",
            "abort>closed", "wait>awaitingConsumer", "send>writing", "wait>awaitingConsumer", "send>writing",
            "sendContinue>writing", "wait>awaitingConsumer", "wait>awaitingConsumer", "close>closed",
        ]),
        Row(name: "awaitingResponse (calling)", expected: [
            "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse",
            "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse", "close>closed",
            "abort>closed", "wait>awaitingResponse", "send>writing", "wait>awaitingResponse",
            "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse",
            "close>closed",
        ]),
        Row(name: "awaitingResponse (deferred)", expected: [
            "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse",
            "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse", "close>closed",
            "abort>closed", "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse",
            "send>writing", "wait>awaitingResponse", "wait>awaitingResponse", "wait>awaitingResponse",
            "close>closed",
        ]),
        Row(name: "writing (keep-alive)", expected: [
            "wait>writing", "flush>writing", "wait>writing", "wait>writing", "wait>writing", "wait>writing",
            "wait>writing", "wait>writing", "abort>closed", "read>idle", "wait>writing", "wait>writing",
            "wait>writing", "wait>writing", "close>closed", "wait>writing", "close>closed",
        ]),
        Row(name: "writing (then linger)", expected: [
            "wait>writing", "flush>writing", "wait>writing", "wait>writing", "wait>writing", "wait>writing",
            "wait>writing", "wait>writing", "abort>closed", "startLingering>lingering", "wait>writing",
            "wait>writing", "wait>writing", "wait>writing", "close>closed", "wait>writing", "close>closed",
        ]),
        Row(name: "lingering", expected: [
            "read>lingering", "wait>lingering", "wait>lingering", "wait>lingering", "wait>lingering",
            "read>lingering", "wait>lingering", "abort>closed", "abort>closed", "wait>lingering", "wait>lingering",
            "wait>lingering", "wait>lingering", "wait>lingering", "close>closed", "close>closed", "close>closed",
        ]),
        Row(name: "closed", expected: Array(repeating: "wait>closed", count: 17)),
    ]

    /// The row's state; `promise` is the one a deferred state holds (and `deferredAnswered` completes).
    static func state(_ row: String, promise: DeferredResponse) -> ConnectionState {
        let t = MachineFixtures.start
        switch row {
        case "awaitingProxyHeader": return .awaitingProxyHeader(since: t)
        case "handshaking": return .handshaking(since: t)
        case "idle": return .idle(since: t)
        case "readingHead": return .readingHead(since: t)
        case "bodyUnread": return .bodyUnread(MachineFixtures.unread(promised: promise), .contentLength(10), owesContinue: false)
        case "readingBody": return .readingBody(MachineFixtures.body())
        case "awaitingConsumer":
            return .awaitingConsumer(MachineFixtures.body(promised: promise), pausedAt: t, owesContinue: true)
        case "awaitingResponse (calling)": return .awaitingResponse(MachineFixtures.awaiting())
        case "awaitingResponse (deferred)":
            return .awaitingResponse(MachineFixtures.awaiting(promised: promise))
        case "writing (keep-alive)": return .writing(lastProgress: t, then: .nextRequest)
        case "writing (then linger)": return .writing(lastProgress: t, then: .linger)
        case "lingering": return .lingering(since: t)
        case "closed": return .closed
        default: fatalError("no state \(row)")
        }
    }

    /// Gives `machine` the column's event; returns the names of the action and of the state after it.
    static func apply(_ event: String, to machine: inout ConnectionMachine, promise: DeferredResponse) -> String {
        let t = MachineFixtures.start
        let action: ConnectionAction = MachineFixtures.getBytes.withUnsafeBytes { request in
            switch event {
            case "readable": machine.handle(.readable, at: t)
            case "writable": machine.handle(.writable, at: t)
            case "peerHungUp": machine.handle(.peerHungUp, at: t)
            case "proxyHeader": machine.handle(.proxyHeader(.received(MachineFixtures.proxyHeader)), at: t)
            case "handshake": machine.handle(.handshake(.done), at: t)
            case "received": machine.handle(.received(request, socketMayHoldMore: false), at: t)
            case "readWouldBlock": machine.handle(.readWouldBlock, at: t)
            case "endOfStream": machine.handle(.endOfStream, at: t)
            case "readFailed": machine.handle(.readFailed, at: t)
            case "wrote": machine.handle(.wrote(.drained, progressed: true), at: t)
            case "answered": machine.handle(.answered(MachineFixtures.response(), startedAt: 1), at: t)
            case "deferred": machine.handle(.deferred(DeferredResponse(), startedAt: 1), at: t)
            case "deferredAnswered": machine.handle(.deferredAnswered(MachineFixtures.response(), promise), at: t)
            case "consumerAsked": machine.handle(.consumerAsked(MachineFixtures.terms), at: t)
            case "timerFired": machine.handle(.timerFired, at: t + 86_400)
            case "drainBegun": machine.handle(.drainBegun, at: t)
            case "closeRequested": machine.handle(.closeRequested(orderly: true), at: t)
            default: fatalError("no event \(event)")
            }
        }
        return "\(action.name)>\(machine.state.name)"
    }

    @Test func theTableHasEveryStateAndEveryEvent() {
        #expect(Set(Self.rows.map { Self.state($0.name, promise: DeferredResponse()).name }) == Set(ConnectionState.allNames))
        #expect(Self.rows.allSatisfy { $0.expected.count == Self.events.count })
    }

    @Test(arguments: rows)
    func everyEventInState(_ row: Row) {
        for (column, event) in Self.events.enumerated() {
            let promise = DeferredResponse()
            var machine = MachineFixtures.machine(in: Self.state(row.name, promise: promise))
            let outcome = Self.apply(event, to: &machine, promise: promise)
            #expect(outcome == row.expected[column], "\(row.name) × \(event)")
        }
    }
}
