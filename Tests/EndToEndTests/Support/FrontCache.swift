/// A real cache (Varnish or nginx) running a shipped deploy/ file in front of a PackServe origin.
protocol FrontCache: AnyObject {
    /// `varnish` or `nginx`, for messages.
    var name: String { get }
    var port: Int { get }
    /// What the engine logged so far, for failure messages.
    var log: String { get }
    /// Writes the deploy file with the origin's port, starts the engine and waits until it answers.
    func start(originPort: Int) async throws
}

extension FrontCache {
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
