import HTTP1

/// Reading requests: heads, and the bodies the application asks for.
extension ConnectionMachine {
    mutating func received(_ bytes: UnsafeRawBufferPointer, socketMayHoldMore: Bool, at now: Int64) -> ConnectionAction {
        switch state {
        case .idle:
            // The next request's head clock starts with its first byte.
            state = .readingHead(since: now)
        case .readingHead, .readingBody:
            break
        case .lingering:
            // Read and dropped until the peer closes.
            return .read
        case .closed:
            return .wait
        case .awaitingProxyHeader, .handshaking, .bodyUnread, .awaitingConsumer, .awaitingResponse, .writing:
            // Not asked for (reading waits in these states): kept for when reading resumes.
            inbound.append(contentsOf: bytes)
            return .wait
        }
        readMayFindMore = socketMayHoldMore
        guard inbound.isEmpty else {
            inbound.append(contentsOf: bytes)
            return resumeParsing(at: now)
        }
        // The common case parses straight from the loop's read buffer; only leftovers are copied.
        let (used, action) = advance(bytes, at: now)
        if used < bytes.count { inbound = Array(bytes[used...]) }
        return action ?? readOnIfMore()
    }

    /// Parses what is buffered; reads on once it is used up.
    mutating func resumeParsing(at now: Int64) -> ConnectionAction {
        guard !inbound.isEmpty else { return readOnIfMore() }
        let pending = inbound
        inbound = []
        let (used, action) = pending.withUnsafeBytes { advance($0, at: now) }
        if used < pending.count { inbound = Array(pending[used...]) }
        return action ?? readOnIfMore()
    }

    /// A short read proved the socket empty, and new bytes will raise a new edge; after the peer's FIN
    /// nothing will, so then read on until the end of stream.
    private func readOnIfMore() -> ConnectionAction {
        readMayFindMore || peerClosed ? .read : .wait
    }

    /// Handles `input` until a request needs the application (or is refused); returns the bytes used and
    /// the action, or nil when everything is used and more bytes are needed.
    private mutating func advance(_ input: UnsafeRawBufferPointer, at now: Int64) -> (used: Int, action: ConnectionAction?) {
        var consumed = 0
        while consumed < input.count {
            let rest = UnsafeRawBufferPointer(rebasing: input[consumed...])
            switch state {
            case .readingHead:
                // The body's limit is the application's, given with its first read (`RequestBody`).
                switch RequestHeadParser.parse(rest, maxHeaderBytes: limits.maxHeaderBytes, maxBodyBytes: .max) {
                case .incomplete:
                    return (consumed, nil)
                case .invalid(let error):
                    return (input.count, refuse(error, at: now))
                case .complete(let head, let headLength, let framing):
                    consumed += headLength
                    return (consumed, beginRequest(head, framing: framing, bodyBytesArrived: consumed < input.count, at: now))
                }
            case .readingBody(var body):
                // Taken out of the state while it changes, so its buffers have one owner and grow in place.
                state = .closed
                let used: Int, done: Bool, wantsMore: Bool
                do {
                    (used, done, wantsMore) = try body.reader.consume(rest)
                } catch {
                    state = .readingBody(body)
                    return (input.count, refuse(error, at: now))
                }
                consumed += used
                body.clock.received(used, at: now)
                if done { return (consumed, bodyComplete(body)) }
                if !wantsMore {
                    state = .awaitingConsumer(body, pausedAt: now, owesContinue: false)
                    return (consumed, .wait)
                }
                state = .readingBody(body)
            default:
                return (consumed, .wait)
            }
        }
        return (consumed, nil)
    }

    /// A head is complete: the application gets it at once, with its body unread.
    private mutating func beginRequest(
        _ head: HTTPRequestHead, framing: BodyFraming, bodyBytesArrived: Bool, at now: Int64
    ) -> ConnectionAction {
        let expectation = head.expectation
        if expectation == .unsupported {
            return answerWithoutReadingBody(
                .problem(.expectationFailed, detail: "Only the expectation 100-continue is supported."),
                to: RequestInProgress(head: head), at: now)
        }
        if framing == .none {
            let request = RequestInProgress(head: head)
            state = .awaitingResponse(request)
            return .callApplication(request)
        }
        // RFC 9110 §10.1.1: the client waits for 100 Continue before sending the body; a server may skip
        // it once body bytes are already arriving. HTTP/1.0 clients do not know 1xx responses.
        let owesContinue = expectation == .continueBeforeBody && !bodyBytesArrived && head.version != .http1_0
        let request = RequestInProgress(
            head: head, body: RequestBody(contentLength: framing.contentLength, highWater: limits.bodyBufferBytes))
        state = .bodyUnread(request, framing, owesContinue: owesContinue)
        return .callApplication(request)
    }

    private mutating func bodyComplete(_ body: BodyInProgress) -> ConnectionAction {
        // The application already has the request: its promised response is awaited, and the requests
        // pipelined behind it stay unread.
        body.reader.stream.finish()
        state = .awaitingResponse(body.request)
        readMayFindMore = true
        return .wait
    }

    /// The peer half-closed: finish what we owe, read nothing more. A request cut short (a partial head
    /// or body) is dropped without an answer.
    mutating func endOfStream() -> ConnectionAction {
        peerClosed = true
        switch state {
        case .lingering:
            return closeNow(orderly: false)
        case .writing(let lastProgress, let then):
            abandonApplication(.connectionClosed)
            if case .linger = then { return .wait }
            state = .writing(lastProgress: lastProgress, then: .close)
            return .wait
        case .closed:
            return .wait
        default:
            return closeNow(orderly: true)
        }
    }
}
