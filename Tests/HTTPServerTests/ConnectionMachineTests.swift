@testable import HTTPServer
import Testing

/// Paths through `ConnectionMachine` that one cell of the table does not show: what a state does
/// depending on what it carries (an owed 100 Continue, a drain under way, a peer that has closed).
@Suite struct ConnectionMachineTests {
    static let t = MachineFixtures.start

    /// A response written as keep-alive while the drain began: the connection closes once it is out.
    @Test func aKeepAliveResponseFinishedDuringTheDrainCloses() {
        var m = MachineFixtures.machine(in: .writing(lastProgress: Self.t, then: .nextRequest))
        #expect(m.handle(.drainBegun, at: Self.t).name == "wait")
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "close")
    }

    /// Answers given while draining carry `Connection: close`.
    @Test func answersDuringTheDrainAreNotKeptAlive() {
        var m = MachineFixtures.machine(in: .awaitingResponse(MachineFixtures.awaiting()))
        _ = m.handle(.drainBegun, at: Self.t)
        guard case .send(_, _, let keepAlive) = m.handle(.answered(MachineFixtures.response(), startedAt: 1), at: Self.t) else {
            Issue.record("no response sent")
            return
        }
        #expect(!keepAlive)
    }

    /// Half a head buffered is a request in progress: the drain lets it finish.
    @Test func aPartHeadIsNotIdle() {
        var m = MachineFixtures.machine(in: .readingHead(since: Self.t))
        Array("GET / HT".utf8).withUnsafeBytes { _ = m.handle(.received($0, socketMayHoldMore: false), at: Self.t) }
        #expect(!m.isIdle)
        #expect(m.handle(.drainBegun, at: Self.t).name == "wait")
    }

    /// A body read whole with `Expect: 100-continue` and no body bytes yet: 100 Continue, then the body.
    @Test func aBodyReadWholeIsInvitedWithContinue() {
        var m = MachineFixtures.machine(in: .decidingBody(RequestInProgress(head: MachineFixtures.put), .contentLength(10), owesContinue: true))
        #expect(m.handle(.bodyHandling(.read, stream: nil), at: Self.t).name == "sendContinue")
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "read")
        #expect(m.state.name == "readingBody")
    }

    /// A Content-Length over the limit is refused before a byte of the body is read.
    @Test func anAnnouncedBodyOverTheLimitIsRefusedFirst() {
        var m = MachineFixtures.machine(in: .decidingBody(RequestInProgress(head: MachineFixtures.put), .contentLength(10), owesContinue: true))
        guard case .refuse(let error) = m.handle(.bodyHandling(.stream(maxBytes: 9), stream: nil), at: Self.t) else {
            Issue.record("not refused")
            return
        }
        #expect(error.status.code == 413)
    }

    /// The peer closed while its response was still being written: it is finished, then the connection closes.
    @Test func theEndOfStreamDuringAWriteClosesAfterIt() {
        var m = MachineFixtures.machine(in: .writing(lastProgress: Self.t, then: .nextRequest))
        #expect(m.handle(.endOfStream, at: Self.t).name == "wait")
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "close")
    }

    /// A handshake still waiting when the peer has hung up will never finish.
    @Test func aHandshakeWaitingOnAPeerThatHungUpFails() {
        var m = MachineFixtures.machine(in: .handshaking(since: Self.t))
        #expect(m.handle(.handshake(.wouldBlock), at: Self.t).name == "wait")
        _ = m.handle(.peerHungUp, at: Self.t)
        #expect(m.handle(.handshake(.wouldBlock), at: Self.t).name == "handshakeFailed")
    }

    /// A short read proves the socket empty: after the answer the machine waits for the next edge; after
    /// a write that blocked, or the peer's FIN, it reads on (no edge will come).
    @Test func aShortReadEndsReadingUnlessAnEdgeWasMissed() {
        var m = MachineFixtures.machine(in: .readingHead(since: Self.t))
        MachineFixtures.getBytes.withUnsafeBytes { _ = m.handle(.received($0, socketMayHoldMore: false), at: Self.t) }
        _ = m.handle(.answered(MachineFixtures.response(), startedAt: 1), at: Self.t)
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "wait")

        MachineFixtures.getBytes.withUnsafeBytes { _ = m.handle(.received($0, socketMayHoldMore: false), at: Self.t) }
        _ = m.handle(.answered(MachineFixtures.response(), startedAt: 1), at: Self.t)
        #expect(m.handle(.wrote(.wouldBlock, progressed: true), at: Self.t).name == "wait")
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "read")
    }

    /// A write stopped at its slice yields, and the loop's next turn continues it.
    @Test func aWriteAtItsSliceYieldsAndContinues() {
        var m = MachineFixtures.machine(in: .writing(lastProgress: Self.t, then: .nextRequest))
        #expect(m.handle(.wrote(.yielded, progressed: true), at: Self.t).name == "yield")
        #expect(m.handle(.writable, at: Self.t + 1).name == "flush")
    }
}
