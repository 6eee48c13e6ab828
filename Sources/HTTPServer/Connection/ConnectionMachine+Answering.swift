import HTTP1

/// The application's side: its answers, now or later, and its reads of the body.
extension ConnectionMachine {
    mutating func answered(_ response: HTTPResponse, startedAt: UInt64, at now: Int64) -> ConnectionAction {
        switch state {
        case .awaitingResponse(let request) where request.promised == nil:
            request.startedAt = startedAt
            return answer(request, with: response, at: now)
        case .bodyUnread(let request, _, _) where request.promised == nil:
            // Answered without reading the body: it never travels.
            request.startedAt = startedAt
            return answerMidBody(request, with: response, at: now)
        case .readingBody(let body), .awaitingConsumer(let body, _, _):
            body.request.startedAt = startedAt
            return answerMidBody(body.request, with: response, at: now)
        default:
            return .wait
        }
    }

    /// The application will answer later: reading waits (requests pipelined behind stay unread, so
    /// responses keep their order), except for the body of a streamed request, which its consumer drives.
    mutating func deferred(_ promised: DeferredResponse, startedAt: UInt64) -> ConnectionAction {
        let request: RequestInProgress
        switch state {
        case .awaitingResponse(let awaited), .bodyUnread(let awaited, _, _): request = awaited
        case .awaitingConsumer(let body, _, _), .readingBody(let body): request = body.request
        default:
            // Nobody waits for it any more.
            promised.cancel()
            return .wait
        }
        guard request.promised == nil else {
            promised.cancel()
            return .wait
        }
        request.promised = promised
        request.startedAt = startedAt
        return .wait
    }

    mutating func deferredAnswered(_ response: HTTPResponse, for promised: DeferredResponse, at now: Int64) -> ConnectionAction {
        switch state {
        case .awaitingResponse(let request) where request.promised === promised:
            // Then the requests pipelined behind it, and what arrived meanwhile (no edge will announce it).
            readMayFindMore = true
            request.promised = nil
            return answer(request, with: response, at: now)
        case .bodyUnread(let request, _, _) where request.promised === promised:
            request.promised = nil
            return answerMidBody(request, with: response, at: now)
        case .readingBody(let body) where body.request.promised === promised,
             .awaitingConsumer(let body, _, _) where body.request.promised === promised:
            body.request.promised = nil
            return answerMidBody(body.request, with: response, at: now)
        default:
            return .wait
        }
    }

    /// The application reads the body: the first read starts it on the terms it asks for; a stream's
    /// consumer asking again resumes it, its clock going on as if the pause had not happened.
    mutating func consumerAsked(_ terms: BodyTerms, at now: Int64) -> ConnectionAction {
        if case .bodyUnread(let request, let framing, let owesContinue) = state {
            return startBody(of: request, framing: framing, terms: terms, owesContinue: owesContinue, at: now)
        }
        guard case .awaitingConsumer(var body, let pausedAt, let owesContinue) = state else { return .wait }
        body.clock.resume(pausedAt: pausedAt, at: now)
        return read(body, owesContinue: owesContinue, at: now)
    }

    /// Reads `body` on, after the 100 Continue the client waits for, if it is owed. Bytes that arrived
    /// while reading paused raised no edge anyone read: read on.
    private mutating func read(_ body: BodyInProgress, owesContinue: Bool, at now: Int64) -> ConnectionAction {
        readMayFindMore = true
        if owesContinue {
            state = .writing(lastProgress: now, then: .body(body))
            return .sendContinue
        }
        state = .readingBody(body)
        return resumeParsing(at: now)
    }

    private mutating func answer(_ request: RequestInProgress, with response: HTTPResponse, at now: Int64) -> ConnectionAction {
        let keepAlive = request.head.wantsKeepAlive && !isDraining
        state = .writing(lastProgress: now, then: keepAlive ? .nextRequest : .close)
        return .send(response, to: request, keepAlive: keepAlive)
    }

    /// The first read of a body: refused at once when its announced length is over the limit the
    /// application gave (RFC 9110 §15.5.14, before a byte of it travels), else 100 Continue if the client
    /// waits for it, then the body at the pace asked for.
    private mutating func startBody(
        of request: RequestInProgress, framing: BodyFraming, terms: BodyTerms, owesContinue: Bool, at now: Int64
    ) -> ConnectionAction {
        guard let stream = request.body else { return .wait }
        if let length = framing.contentLength, length > terms.maxBytes {
            return refuse(.contentTooLarge("body larger than \(terms.maxBytes) bytes"), at: now)
        }
        let body = BodyInProgress(
            request: request, reader: RequestBodyReader(framing: framing, maxBodyBytes: terms.maxBytes, stream: stream),
            clock: BodyClock(pace: terms.pace ?? limits.defaultBodyPace, startedAt: now))
        return read(body, owesContinue: owesContinue, at: now)
    }

    /// A response that comes while the body is unread or still arriving ends the body (the application
    /// sees `abandoned`) and the connection, like a refusal.
    private mutating func answerMidBody(_ request: RequestInProgress, with response: HTTPResponse, at now: Int64) -> ConnectionAction {
        request.body?.fail(.abandoned)
        return answerWithoutReadingBody(response, to: request, at: now)
    }

    /// Sends a final response to a request whose body stays unread, then closes lingering: the unread
    /// bytes would otherwise be parsed as the next request (RFC 9112 §9.6).
    mutating func answerWithoutReadingBody(
        _ response: HTTPResponse, to request: RequestInProgress, at now: Int64
    ) -> ConnectionAction {
        state = .writing(lastProgress: now, then: .linger)
        return .send(response, to: request, keepAlive: false)
    }

    /// Answers a request the parser refused (400, 413, 431, 501, 505) or a body that fell behind (408),
    /// and closes lingering (docs/http.md "Framing").
    mutating func refuse(_ error: HTTPProblem, at now: Int64) -> ConnectionAction {
        abandonApplication(.refused(status: error.status.code))
        state = .writing(lastProgress: now, then: .linger)
        return .refuse(error)
    }

    /// The current request will get no answer from the application: its streamed body fails and its
    /// deferred response, if completed later, goes nowhere.
    mutating func abandonApplication(_ failure: RequestBody.Failure) {
        switch state {
        case .readingBody(let body), .awaitingConsumer(let body, _, _), .writing(_, .body(let body)):
            body.reader.stream.fail(failure)
            body.request.promised?.cancel()
        case .awaitingResponse(let request), .bodyUnread(let request, _, _):
            // A body read whole already has ended: failing it again does nothing.
            request.body?.fail(failure)
            request.promised?.cancel()
        default:
            break
        }
    }
}
