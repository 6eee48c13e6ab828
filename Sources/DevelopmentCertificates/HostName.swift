import Glibc
import SwiftASN1
import X509

/// One name a server certificate is valid for: a DNS name or an IP address literal. Each becomes a
/// subjectAltName entry (RFC 5280 §4.2.1.6): a dNSName, or an iPAddress holding the address's 4 or 16
/// network-order bytes. Apple platforms, like browsers, ignore the subject's common name for TLS.
public enum HostName: Hashable, Sendable, CustomStringConvertible {
    case dns(String)
    case ipAddress([UInt8])

    /// Parses `text` as an IPv4 or IPv6 literal (brackets allowed: `[::1]`), otherwise as a DNS name
    /// (letters, digits and hyphens in dot-separated labels; a leading `*.` wildcard allowed).
    public init(parsing text: String) throws(DevelopmentCertificatesError) {
        let unbracketed = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        if let bytes = Self.addressBytes(unbracketed, family: AF_INET, count: 4)
            ?? Self.addressBytes(unbracketed, family: AF_INET6, count: 16)
        {
            self = .ipAddress(bytes)
            return
        }
        if unbracketed.contains(":") || unbracketed.contains("%") {
            throw .invalidHost(text, reason: "not an IP address (a zone such as %eth0 cannot be in a certificate)")
        }
        self = .dns(try Self.dnsName(text))
    }

    /// The subjectAltName entry for this host.
    public var generalName: GeneralName {
        switch self {
        case .dns(let name): .dnsName(name)
        case .ipAddress(let bytes): .ipAddress(ASN1OctetString(contentBytes: ArraySlice(bytes)))
        }
    }

    /// The name, or the address in its canonical text form (`::1`, not `0:0:0:0:0:0:0:1`).
    public var description: String {
        switch self {
        case .dns(let name):
            return name
        case .ipAddress(let bytes):
            let family = bytes.count == 4 ? AF_INET : AF_INET6
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
            return String(cBuffer: text)
        }
    }

    private static func addressBytes(_ text: String, family: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let parsed = bytes.withUnsafeMutableBytes { inet_pton(family, text, $0.baseAddress) }
        return parsed == 1 ? bytes : nil
    }

    /// Lower-cased, without a trailing dot: dNSName entries are compared case-insensitively and are
    /// written without the root's dot (RFC 5280 §4.2.1.6, "preferred name syntax").
    private static func dnsName(_ text: String) throws(DevelopmentCertificatesError) -> String {
        let name = (text.hasSuffix(".") ? String(text.dropLast()) : text).lowercased()
        guard !name.isEmpty else { throw .invalidHost(text, reason: "empty") }
        guard name.utf8.count <= 253 else { throw .invalidHost(text, reason: "longer than 253 characters") }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for (index, label) in labels.enumerated() {
            if index == 0 && label == "*" && labels.count > 2 { continue }
            guard !label.isEmpty, label.utf8.count <= 63 else {
                throw .invalidHost(text, reason: "each dot-separated label must have 1 to 63 characters")
            }
            guard label.utf8.allSatisfy({ isLetterDigitOrHyphen($0) }), label.first != "-", label.last != "-" else {
                throw .invalidHost(
                    text,
                    reason: "not an IP address or a DNS name (letters, digits and inner hyphens; IDNs in punycode)")
            }
        }
        // An all-numeric last label is a mistyped address (`999.1.1.1`), never a top-level domain.
        guard !(labels.last ?? "").allSatisfy(\.isNumber) else {
            throw .invalidHost(text, reason: "not a valid IP address, and a DNS name cannot end in a number")
        }
        return name
    }

    private static func isLetterDigitOrHyphen(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
    }
}
