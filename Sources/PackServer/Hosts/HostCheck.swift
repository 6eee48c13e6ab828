import Foundation
import HTTP1
import HTTPServer

/// Which host a request is for, and the 421 for one this server does not answer (docs/http.md "Host").
struct HostCheck: Sendable {
    let hosts: HostAllowList
    /// `allowedHosts` as configured, named in every 421.
    let allowedPatterns: [String]
    /// `publicBaseURL`'s host: what an HTTP/1.0 request without Host is for.
    let publicHost: String

    /// `publicBaseURL` is validated (an http(s) URL whose host is allowed) before the server starts.
    init(allowedHosts: [String], publicBaseURL: String) {
        hosts = HostAllowList(allowedHosts)
        allowedPatterns = allowedHosts
        publicHost = URL(string: publicBaseURL)?.host?.lowercased() ?? ""
    }

    /// The absolute-form host, else the Host field, else — HTTP/1.0 only, where Host is optional
    /// (RFC 9112 §3.2; the parser refuses HTTP/1.1 without it with 400) — the `publicBaseURL` host.
    func host(of head: HTTPRequestHead) -> String? {
        if let host = head.hostWithoutPort { return host }
        return head.version == .http1_0 ? publicHost : nil
    }

    /// 421 with a problem body naming the refused host and the allowed ones, or nil if `head` is for an
    /// allowed host. (HEAD gets the same head without the body, as for every response.)
    func refusal(of head: HTTPRequestHead) -> HTTPResponse? {
        let host = host(of: head) ?? ""
        if hosts.allows(host) { return nil }
        // The host is the client's own text (valid Host syntax, JSON-quoted); nosniff keeps it data. The
        // extension members say why, to someone who reached the server by another name; nothing else (no
        // route's content, no pack data).
        return .problem(
            .misdirectedRequest,
            detail: "this server does not answer for host \(host); allowed hosts: \(allowedPatterns.joined(separator: ", "))",
            headers: ["X-Content-Type-Options": "nosniff"],
            extensions: [("host", .string(host)), ("allowedHosts", .strings(allowedPatterns))])
    }
}
