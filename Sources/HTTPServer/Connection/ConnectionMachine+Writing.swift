import HTTP1

/// Writing, the clock, the drain and the end.
extension ConnectionMachine {
    mutating func wrote(_ result: OutboundQueue.FlushResult, progressed: Bool, at now: Int64) -> ConnectionAction {
        guard case .writing(let lastProgress, let then) = state else { return .wait }
        let progress = progressed ? now : lastProgress
        switch result {
        case .wouldBlock:
            // An EPOLLOUT edge follows; bytes arriving meanwhile raise edges nobody reads.
            state = .writing(lastProgress: progress, then: then)
            readMayFindMore = true
            return .wait
        case .yielded:
            state = .writing(lastProgress: progress, then: then)
            readMayFindMore = true
            return .yield
        case .failed:
            return closeNow(orderly: false)
        case .drained:
            return written(then, at: now)
        }
    }

    private mutating func written(_ then: ConnectionState.AfterWrite, at now: Int64) -> ConnectionAction {
        switch then {
        case .close:
            return closeNow(orderly: true)
        case .linger:
            state = .lingering(since: now)
            inbound = []
            return .startLingering
        case .body(let body):
            state = .readingBody(body)
            return resumeParsing(at: now)
        case .nextRequest:
            // A response already under way (as keep-alive) when the drain began is done now: close rather
            // than hold the shutdown until its deadline.
            if isDraining { return closeNow(orderly: true) }
            state = inbound.isEmpty ? .idle(since: now) : .readingHead(since: now)
            return resumeParsing(at: now)
        }
    }

    /// What breaking this state's timeout at `now` calls for, if it is broken.
    enum Expiry: Equatable {
        /// Close at once (a stalled head or write, an idle connection, the end of a linger).
        case close
        /// A request body fell behind its pace: answer 408 (RFC 9110 §15.5.9), then close.
        case requestTimeout
        /// The PROXY header did not arrive whole in time: refused as incomplete.
        case proxyHeaderIncomplete
    }

    func expiry(at now: Int64) -> Expiry? {
        switch state {
        case .awaitingProxyHeader(let since):
            now - since >= limits.header ? .proxyHeaderIncomplete : nil
        case .handshaking(let since), .readingHead(let since):
            now - since >= limits.header ? .close : nil
        case .idle(let since):
            now - since >= limits.idle ? .close : nil
        case .readingBody(let body):
            body.clock.isTooSlow(at: now) ? .requestTimeout : nil
        case .writing(let lastProgress, _):
            now - lastProgress >= limits.write ? .close : nil
        case .lingering(let since):
            now - since >= limits.linger ? .close : nil
        case .bodyUnread, .awaitingConsumer, .awaitingResponse, .closed:
            // The application's time, not the client's.
            nil
        }
    }

    mutating func timerFired(at now: Int64) -> ConnectionAction {
        switch expiry(at: now) {
        case nil: .wait
        case .close: closeNow(orderly: true)
        case .requestTimeout: refuse(HTTPProblem(.requestTimeout, detail: "the request body arrived too slowly"), at: now)
        case .proxyHeaderIncomplete: refuseProxyHeader()
        }
    }

    private mutating func refuseProxyHeader() -> ConnectionAction {
        state = .closed
        return .refuseProxy(.incompleteHeader)
    }

    /// On shutdown: idle and lingering connections close now (the latter owe nothing more); busy ones
    /// answer their current request with `Connection: close` and then close.
    mutating func drainBegun() -> ConnectionAction {
        isDraining = true
        if case .lingering = state { return closeNow(orderly: true) }
        return isIdle ? closeNow(orderly: true) : .wait
    }

    /// Closes now: timeouts, peer errors, shutdown. Pending bytes are dropped.
    mutating func closeNow(orderly: Bool) -> ConnectionAction {
        if case .closed = state { return .wait }
        abandonApplication(.connectionClosed)
        state = .closed
        inbound = []
        return .close(orderly: orderly)
    }
}
