import HTTP1

// libFuzzer entry point for the request head parser (RFC 9112 §2–§6).
//
// Built by scripts/fuzz from Fuzz/Package.swift over the HTTP1 library.
// The input is the start of a connection's receive buffer. Invariants, checked with `precondition` so a
// violation is a crash libFuzzer reports with its input:
// - parsing never crashes and is deterministic;
// - a complete head has 0 < headLength ≤ input size and ≤ maxHeaderBytes, a path that starts with `/`
//   (or is `*` for OPTIONS), a Host on HTTP/1.1, and a Content-Length within the body limit;
// - any prefix of the input (the same bytes split into two reads) parses as `.incomplete` or exactly as
//   the whole input does;
// - SafePath never yields a segment that could leave the served directory.

private let fuzzMaxHeaderBytes = 1024
private let fuzzMaxBodyBytes = 4096
private let fuzzMaxFieldCount = 16

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let whole = parseForFuzzing(input)
    precondition(parseForFuzzing(input) == whole, "parsing is not deterministic")
    if case .complete(let head, let headLength, let framing) = whole {
        checkCompleteHead(head, headLength: headLength, framing: framing, inputSize: size)
        // The next pipelined request starts right after the head (when there is no body).
        if framing == .none { _ = parseForFuzzing(UnsafeRawBufferPointer(rebasing: input[headLength..<size])) }
    }
    // Split points: one chosen by the input, the middle, and the byte before the end.
    for split in Set([size == 0 ? 0 : Int(input[0]) % (size + 1), size / 2, max(size - 1, 0)]) {
        let prefix = parseForFuzzing(UnsafeRawBufferPointer(rebasing: input[0..<split]))
        precondition(prefix == .incomplete || prefix == whole, "a prefix of \(split) bytes answered differently")
    }
    return 0
}

private func parseForFuzzing(_ bytes: UnsafeRawBufferPointer) -> RequestHeadParseResult {
    RequestHeadParser.parse(
        bytes, maxHeaderBytes: fuzzMaxHeaderBytes, maxBodyBytes: fuzzMaxBodyBytes, maxFieldCount: fuzzMaxFieldCount)
}

private func checkCompleteHead(_ head: HTTPRequestHead, headLength: Int, framing: BodyFraming, inputSize: Int) {
    precondition(headLength > 0 && headLength <= inputSize && headLength <= fuzzMaxHeaderBytes)
    precondition(head.headers.count <= fuzzMaxFieldCount)
    precondition(head.path.hasPrefix("/") || (head.path == "*" && head.method == .options))
    precondition(head.version != .http1_1 || head.headers.values("host").count == 1)
    for field in head.headers {
        precondition(!field.name.isEmpty && field.name == field.name.lowercased())
        precondition(!field.value.utf8.contains { $0 == 0 || $0 == 0x0A || $0 == 0x0D })
    }
    if case .contentLength(let length) = framing { precondition(length > 0 && length <= fuzzMaxBodyBytes) }
    if framing == .chunked { precondition(head.headers["content-length"] == nil) }
    if let safe = SafePath(percentEncodedPath: head.path) {
        for segment in safe.segments {
            precondition(!segment.isEmpty && segment != "." && segment != "..")
            precondition(!segment.utf8.contains { $0 == 0 || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
        }
    }
}
