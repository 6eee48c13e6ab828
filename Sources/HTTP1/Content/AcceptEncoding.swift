/// Reading `Accept-Encoding` (RFC 9110 §12.5.3) for the one coding the server offers besides identity.
public enum AcceptEncoding {
    /// Whether the field values (all `Accept-Encoding` lines of a request) let the response be gzip-coded,
    /// and identity is not named with a higher weight. No field means no preference: identity is sent, as
    /// the RFC allows and as clients that did not ask expect. `x-gzip` is gzip (§8.4.1.3); `*` covers
    /// codings not named; a weight of 0 means "not acceptable" (§12.4.2). Malformed members are skipped.
    public static func prefersGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var identity: Double?
        var wildcard: Double?
        for value in values {
            for member in value.split(separator: ",") {
                let parts = member.split(separator: ";")
                guard let name = parts.first?.trimmingSpaces.lowercased(), !name.isEmpty else { continue }
                var weight = 1.0
                for parameter in parts.dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                    guard let q = Double(pair[1].trimmingSpaces), (0...1).contains(q) else { weight = 0; break }
                    weight = q
                }
                switch name {
                case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
                case "identity": identity = weight
                case "*": wildcard = weight
                default: break
                }
            }
        }
        let gzipWeight = gzip ?? wildcard ?? 0
        // Identity carries no implied weight (§12.5.3 only says it is acceptable unless excluded): like other
        // servers, gzip is sent whenever it is acceptable, unless identity is named with a higher weight.
        return gzipWeight > 0 && gzipWeight >= (identity ?? 0)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
