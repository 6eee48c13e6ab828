// Scoped: HTTP1 has no I/O, and takes from Foundation only what it names (scripts/test checks).
import struct Foundation.Data
import class Foundation.JSONDecoder

extension ProblemDetails {
    /// The standard members a client reads back (extension members are left alone).
    private struct Standard: Decodable {
        var status: Int
        var detail: String?
    }

    /// The `detail` of a problem document, what a client shows of a refusal; nil when `body` is not a
    /// problem document or has no detail.
    public static func detail(in body: some Collection<UInt8>) -> String? {
        (try? JSONDecoder().decode(Standard.self, from: Data(body)))?.detail
    }
}
