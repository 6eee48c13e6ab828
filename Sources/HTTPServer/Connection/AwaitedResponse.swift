/// The request the application is answering.
struct AwaitedResponse {
    var head: HTTPRequestHead
    /// Nil while the application is being called; its `DeferredResponse` once it returned one.
    var promised: DeferredResponse?
    var startedAt: UInt64 = 0
}
