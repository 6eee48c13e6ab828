/// `RangeRequestPlan.action`'s answer to a response head.
public enum RangeResponseAction: Sendable, Hashable {
    /// Append the body, exactly `bytes` of it, to the partial file.
    case append(bytes: Int64)
    /// The body is the whole representation from byte 0: write it all.
    case whole
    /// Skip the body, empty the partial file and start again from byte 0.
    case restartFromZero(String)
    /// Answer the authentication challenge (401) if credentials are at hand, else give up.
    case unauthorized
    /// Skip the body and try again after a pause.
    case retryLater(String)
    /// Give up on this pack.
    case fail(String)
}
