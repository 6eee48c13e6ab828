/// The body of a 421 (RFC 9457 problem details, docs/http.md "Host"): the host refused and the hosts this
/// server answers for, as extension members, so someone who reached the server by another name sees why.
/// Nothing else: no route's content, no pack data.
struct MisdirectedProblem: Encodable {
    let type = "about:blank"
    let status = 421
    let title = "Misdirected Request"
    let detail: String
    /// The host the request named (absolute-form target or Host field), lower case, without port.
    let host: String
    /// `allowedHosts` as configured, patterns included.
    let allowedHosts: [String]

    init(host: String, allowedHosts: [String]) {
        self.host = host
        self.allowedHosts = allowedHosts
        detail = "this server does not answer for host \(host); allowed hosts: \(allowedHosts.joined(separator: ", "))"
    }
}
