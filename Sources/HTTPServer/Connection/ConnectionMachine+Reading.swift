/// Reading requests: heads, the decision on a body, and bodies read whole or streamed.
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
        case .awaitingProxyHeader, .handshaking, .decidingBody, .awaitingConsumer, .awaitingResponse, .writing:
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
                // The body's limit depends on how the responder takes it (`bodyHandling`).
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

    /// A head is complete: answer it, or ask whether its body is read at all before reading it.
    private mutating func beginRequest(
        _ head: HTTPRequestHead, framing: BodyFraming, bodyBytesArrived: Bool, at now: Int64
    ) -> ConnectionAction {
        let request = RequestInProgress(head: head)
        let expectation = head.expectation
        if expectation == .unsupported {
            return answerWithoutReadingBody(
                .problem(.expectationFailed, detail: "Only the expectation 100-continue is supported."), to: request,
                at: now)
        }
        if framing == .none {
            state = .awaitingResponse(request)
            return .callApplication(request, body: [], stream: nil)
        }
        // RFC 9110 §10.1.1: the client waits for 100 Continue before sending the body; a server may skip
        // it once body bytes are already arriving. HTTP/1.0 clients do not know 1xx responses.
        let owesContinue = expectation == .continueBeforeBody && !bodyBytesArrived && head.version != .http1_0
        state = .decidingBody(request, framing, owesContinue: owesContinue)
        return .decideBody(request, contentLength: framing.contentLength)
    }

    mutating func bodyHandling(_ handling: RequestBodyHandling, stream: RequestBodyStream?, at now: Int64) -> ConnectionAction {
        guard case .decidingBody(let request, let framing, let owesContinue) = state else {
            stream?.fail(.connectionClosed)
            return .wait
        }
        let limit: Int
        var pace = limits.defaultBodyPace
        switch handling {
        case .refuse(let refusal):
            return answerWithoutReadingBody(refusal, to: request, at: now)
        case .read:
            limit = limits.maxBodyBytes
        case .stream(let maxBytes, let streamPace):
            limit = maxBytes
            if let streamPace { pace = streamPace }
        }
        // RFC 9110 §15.5.14: refused before the first byte when the length is announced.
        if let length = framing.contentLength, length > limit {
            return refuse(.contentTooLarge("body larger than \(limit) bytes"), at: now)
        }
        let body = BodyInProgress(
            request: request, reader: RequestBodyReader(framing: framing, maxBodyBytes: limit, stream: stream),
            clock: BodyClock(pace: pace, startedAt: now))
        if let stream {
            // Nothing of a streamed body is read (nor 100 Continue sent) until its consumer asks for it.
            state = .awaitingConsumer(body, pausedAt: now, owesContinue: owesContinue)
            readMayFindMore = true
            return .callApplication(request, body: [], stream: stream)
        }
        if owesContinue {
            state = .writing(lastProgress: now, then: .body(body))
            return .sendContinue
        }
        state = .readingBody(body)
        return resumeParsing(at: now)
    }

    private mutating func bodyComplete(_ body: BodyInProgress) -> ConnectionAction {
        guard let stream = body.reader.stream else {
            state = .awaitingResponse(body.request)
            return .callApplication(body.request, body: body.reader.body, stream: nil)
        }
        // The application already has the request: its promised response is awaited, and the requests
        // pipelined behind it stay unread.
        stream.finish()
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
