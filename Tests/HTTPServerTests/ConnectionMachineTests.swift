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

    /// A body with `Expect: 100-continue` and no body bytes yet: 100 Continue on the application's first
    /// read, then the body.
    @Test func aBodyIsInvitedWithContinueOnTheFirstRead() {
        var m = MachineFixtures.machine(in: .bodyUnread(MachineFixtures.unread(), .contentLength(10), owesContinue: true))
        #expect(m.handle(.timerFired, at: Self.t + 3600).name == "wait", "the unread body is the application's time")
        #expect(m.handle(.consumerAsked(MachineFixtures.terms), at: Self.t).name == "sendContinue")
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "read")
        #expect(m.state.name == "readingBody")
    }

    /// A Content-Length over the limit of the first read is refused before a byte of the body is read,
    /// and the application's read fails with the status.
    @Test func anAnnouncedBodyOverTheLimitIsRefusedAtTheFirstRead() throws {
        let request = MachineFixtures.unread()
        var m = MachineFixtures.machine(in: .bodyUnread(request, .contentLength(10), owesContinue: true))
        guard case .refuse(let error) = m.handle(.consumerAsked(BodyTerms(maxBytes: 9, pace: nil)), at: Self.t) else {
            Issue.record("not refused")
            return
        }
        #expect(error.status.code == 413)
        let stream = try #require(request.body).stream()
        #expect(throws: RequestBody.Failure.refused(status: 413)) { try stream.next() }
    }

    /// An answer to a request whose body is unread: the body never travels (its reads fail), and the
    /// connection closes after the answer, lingering.
    @Test func anAnswerBeforeTheFirstReadLeavesTheBodyUnread() throws {
        let request = MachineFixtures.unread()
        var m = MachineFixtures.machine(in: .bodyUnread(request, .contentLength(10), owesContinue: true))
        guard case .send(_, _, let keepAlive) = m.handle(.answered(MachineFixtures.response(), startedAt: 1), at: Self.t) else {
            Issue.record("not answered")
            return
        }
        #expect(!keepAlive)
        #expect(m.handle(.wrote(.drained, progressed: true), at: Self.t).name == "startLingering")
        let stream = try #require(request.body).stream()
        #expect(throws: RequestBody.Failure.abandoned) { try stream.next() }
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
