/// The application's side: its answers, now or later, and a streamed body's consumer asking for more.
extension ConnectionMachine {
    mutating func answered(_ response: HTTPResponse, startedAt: UInt64, at now: Int64) -> ConnectionAction {
        switch state {
        case .awaitingResponse(let request) where request.promised == nil:
            request.startedAt = startedAt
            return answer(request, with: response, at: now)
        case .readingBody(let body), .awaitingConsumer(let body, _, _):
            body.request.startedAt = startedAt
            return answerMidBody(body, with: response, at: now)
        default:
            return .wait
        }
    }

    /// The application will answer later: reading waits (requests pipelined behind stay unread, so
    /// responses keep their order), except for the body of a streamed request, which its consumer drives.
    mutating func deferred(_ promised: DeferredResponse, startedAt: UInt64) -> ConnectionAction {
        let request: RequestInProgress
        switch state {
        case .awaitingResponse(let awaited): request = awaited
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
        case .readingBody(let body) where body.request.promised === promised,
             .awaitingConsumer(let body, _, _) where body.request.promised === promised:
            body.request.promised = nil
            return answerMidBody(body, with: response, at: now)
        default:
            return .wait
        }
    }

    /// A streamed body's consumer wants bytes again: its clock goes on as if the pause had not happened.
    mutating func consumerAsked(at now: Int64) -> ConnectionAction {
        guard case .awaitingConsumer(var body, let pausedAt, let owesContinue) = state else { return .wait }
        body.clock.resume(pausedAt: pausedAt, at: now)
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

    /// A response that comes while a streamed body is still arriving ends the body (its consumer sees
    /// `abandoned`) and the connection, like a refusal.
    private mutating func answerMidBody(_ body: BodyInProgress, with response: HTTPResponse, at now: Int64) -> ConnectionAction {
        body.reader.stream?.fail(.abandoned)
        return answerWithoutReadingBody(response, to: body.request, at: now)
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
    mutating func refuse(_ error: RequestError, at now: Int64) -> ConnectionAction {
        abandonApplication(.refused(status: error.status.code))
        state = .writing(lastProgress: now, then: .linger)
        return .refuse(error)
    }

    /// The current request will get no answer from the application: its streamed body fails and its
    /// deferred response, if completed later, goes nowhere.
    mutating func abandonApplication(_ failure: RequestBodyStream.Failure) {
        switch state {
        case .readingBody(let body), .awaitingConsumer(let body, _, _), .writing(_, .body(let body)):
            body.reader.stream?.fail(failure)
            body.request.promised?.cancel()
        case .awaitingResponse(let request):
            request.promised?.cancel()
        default:
            break
        }
    }
}
