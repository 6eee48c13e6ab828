import CDNSimulation

/// The benchmark's own requests (readiness, /metrics), with a User-Agent of their own so the summary can
/// leave them out of the origin's counts, each on a new connection.
enum ControlClient {
    static let userAgent = "bench-cdn-control/1"

    static func get(port: Int, _ path: String) throws -> (status: Int, body: String) {
        let connection = DeviceConnection(port: port, tally: DeviceTally(), receiveTimeoutSeconds: 10)
        defer { connection.close() }
        let head = try connection.get(path, headers: [("User-Agent", userAgent)])
        var body: [UInt8] = []
        try connection.readBody(of: head) { body.append(contentsOf: $0) }
        return (head.status, String(decoding: body, as: UTF8.self))
    }
}
