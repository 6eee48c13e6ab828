/// A parsed request line and header section (RFC 9112 §3, §5). Header names are lowercased.
public struct HTTPRequestHead: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as sent (origin-form `/a?b`, or absolute-form `http://h/a?b`).
    public var target: String
    /// The path part of the target, still percent-encoded; starts with `/` (or is `*` for `OPTIONS *`).
    public var path: String
    /// The query part without `?`, or nil.
    public var query: String?
    /// The host named by an absolute-form target (RFC 9112 §3.2.2), lowercased, port removed.
    public var absoluteFormHost: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders

    public init(
        method: HTTPMethod, target: String, path: String, query: String? = nil,
        absoluteFormHost: String? = nil, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:]
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.absoluteFormHost = absoluteFormHost
        self.version = version
        self.headers = headers
    }

    /// RFC 9112 §9.3: HTTP/1.1 is persistent unless `Connection: close`; HTTP/1.0 only with `keep-alive`.
    public var wantsKeepAlive: Bool {
        let tokens = headers.combinedValue("connection").map(Self.lowercasedTokens) ?? []
        if version.major == 1 && version.minor >= 1 { return !tokens.contains("close") }
        return tokens.contains("keep-alive")
    }

    /// The host a request is for: the absolute-form host if any, else the Host field, lowercased and
    /// without port (used by the host allow-list).
    public var hostWithoutPort: String? {
        if let absoluteFormHost { return absoluteFormHost }
        guard let host = headers["host"] else { return nil }
        let name = Self.stripPort(host)
        // Most clients send the name in lower case already: no second copy then.
        return name.containsUppercaseASCII ? name.lowercased() : name
    }

    static func lowercasedTokens(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingSpaces().lowercased() }
    }

    /// `h:80` → `h`, `[::1]:80` → `[::1]`; a bare IPv6 literal (several colons) is left alone.
    /// Scans the bytes in place: this runs for every request (the host allow-list).
    public static func stripPort(_ host: String) -> String {
        var bytesOfHost = host
        return bytesOfHost.withUTF8 { bytes in
            let end: Int?
            if bytes.first == UInt8(ascii: "[") {
                end = bytes.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 }
            } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
                !bytes[(colon + 1)...].contains(UInt8(ascii: ":")) {
                end = colon
            } else {
                end = nil
            }
            guard let end, end < bytes.count else { return host }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
    }
}

extension String {
    /// Whether any byte is `A`…`Z`: most names arrive in lower case, and then no lowercased copy is made.
    /// The bytes are scanned in place (a generic walk of `utf8` is several times slower).
    public var containsUppercaseASCII: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.contains { $0 >= 0x41 && $0 <= 0x5A } }
    }
}

extension StringProtocol {
    /// Trims optional whitespace (RFC 9110 §5.6.3: SP and HTAB) from both ends.
    func trimmingSpaces() -> Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
