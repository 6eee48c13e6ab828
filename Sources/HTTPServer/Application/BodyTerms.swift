/// What the application asked of a request body with its first read: how many bytes it takes at most
/// (a larger Content-Length, or a chunked body growing past it, is answered 413) and the pace it must keep
/// (nil: the configuration's minimum rate). The connection starts reading only once it has these.
struct BodyTerms: Sendable, Equatable {
    var maxBytes: Int
    var pace: BodyPace?
}
