import ProxyProtocol
import Sockets

// libFuzzer entry point for the PROXY protocol header parser (haproxy's doc/proxy-protocol.txt, versions 1
// and 2; docs/http.md "Client address behind a proxy").
//
// Built by scripts/fuzz from Fuzz/Package.swift over the ProxyProtocol library. The input is a connection's
// first bytes. Every invariant the connection relies on is checked
// with `precondition`, so a violation is a crash libFuzzer reports with its input:
// - deterministic; a parsed header has 0 < length ≤ the input, ≤ 107 bytes ending in CRLF (v1) or exactly
//   16 + its declared length, at most `maxHeaderBytes` (v2);
// - bounded: the bytes after a parsed header, or past `maxHeaderBytes`, change nothing;
// - incremental: every prefix says `needMoreBytes` or exactly what the whole input says (a parsed header
//   once the prefix holds all of it), so feeding it byte by byte decides as it would at once;
// - a v2 address is the bytes at offset 16, its port the bytes after both addresses.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let result = ProxyProtocolParser.parse(bytes)
    precondition(result == ProxyProtocolParser.parse(bytes), "not deterministic")
    checkBounds(result, bytes)
    checkPrefixes(result, bytes)
    if case .parsed(let header) = result { checkHeader(header, bytes) }
    return 0
}

private func checkBounds(_ result: ProxyHeaderParseResult, _ bytes: UnsafeRawBufferPointer) {
    let limit: Int
    if case .parsed(let header) = result { limit = header.length } else { limit = ProxyProtocolParser.maxHeaderBytes }
    guard bytes.count > limit else { return }
    precondition(ProxyProtocolParser.parse(UnsafeRawBufferPointer(rebasing: bytes[0..<limit])) == result,
                 "bytes past the header (or past maxHeaderBytes) changed the result")
}

/// Every prefix for inputs up to 300 bytes; three split points for longer ones.
private func checkPrefixes(_ result: ProxyHeaderParseResult, _ bytes: UnsafeRawBufferPointer) {
    let cuts = bytes.count <= 300 ? Array(0..<bytes.count) : [1, bytes.count / 2, bytes.count - 1]
    for cut in cuts {
        let partial = ProxyProtocolParser.parse(UnsafeRawBufferPointer(rebasing: bytes[0..<cut]))
        switch (partial, result) {
        case (.needMoreBytes, _):
            if case .parsed(let header) = result { precondition(cut < header.length, "a whole header was not recognised") }
        case (.parsed(let header), _):
            precondition(partial == result && header.length <= cut, "a prefix parsed differently")
        case (.invalid, _):
            precondition(partial == result, "a prefix was refused but the whole input was not (or for another reason)")
        }
    }
}

private func checkHeader(_ header: ProxyHeader, _ bytes: UnsafeRawBufferPointer) {
    precondition(header.length > 0 && header.length <= bytes.count, "length outside the input")
    precondition(header.length <= ProxyProtocolParser.maxHeaderBytes, "longer than maxHeaderBytes")
    switch header.version {
    case 1:
        precondition(header.length <= ProxyProtocolParser.maxVersion1Bytes, "v1 longer than 107 bytes")
        precondition(bytes[header.length - 2] == 0x0D && bytes[header.length - 1] == 0x0A, "v1 not ended by CRLF")
        precondition(bytes.starts(with: Array("PROXY ".utf8)), "v1 without PROXY")
    case 2:
        precondition(bytes.starts(with: version2Signature), "v2 without the signature")
        precondition(header.length == 16 + (Int(bytes[14]) << 8 | Int(bytes[15])), "v2 length is not 16 + declared")
        if case .address(let address, let port) = header.source {
            precondition(bytes[12] == 0x21 && (bytes[13] == 0x11 || bytes[13] == 0x21), "an address from LOCAL or not TCP")
            let size = bytes[13] == 0x11 ? 4 : 16
            let expected = sourceAddress(bytes[16..<16 + size])
            precondition(address == expected, "the source address is not the header's bytes")
            precondition(port == Int(bytes[16 + 2 * size]) << 8 | Int(bytes[17 + 2 * size]), "the port is not the header's bytes")
        }
    default:
        preconditionFailure("version \(header.version)")
    }
}

/// §2.2: the first 12 bytes of a v2 header, as the specification writes them (not the parser's copy).
private let version2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

/// The address of 4 or 16 bytes in network order, read another way than the parser reads them: through the
/// numeric text (dotted decimal, or eight hex groups).
private func sourceAddress(_ bytes: Slice<UnsafeRawBufferPointer>) -> IPAddress {
    let text = bytes.count == 4
        ? bytes.map { String($0) }.joined(separator: ".")
        : stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    guard let address = IPAddress(text) else { preconditionFailure("\(text) is not an address") }
    return address
}
