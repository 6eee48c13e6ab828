import HTTP1

// libFuzzer entry point for the client's response-head parser (RFC 9112 §4, §5) and body framing (§6.3).
//
// Built by scripts/fuzz from Fuzz/Package.swift over the HTTP1 library.
// Invariants, checked with `precondition`:
// - parsing never crashes; a parsed head's length is within the input and ends with CRLF CRLF;
// - any prefix of the input is either still incomplete, refused, or parsed the same as the whole (a head
//   does not change meaning as more bytes arrive);
// - the framing of a parsed head is decided without crashing, and a length is never negative.

private let fuzzMaxBytes = 4096

private enum Outcome: Equatable {
    case incomplete
    case refused(String)
    case parsed(ClientResponseHead, Int)
}

private func parse(_ input: UnsafeRawBufferPointer) -> Outcome {
    do {
        guard let (head, length) = try ResponseHeadParser.parse(input, maxBytes: fuzzMaxBytes) else { return .incomplete }
        return .parsed(head, length)
    } catch {
        return .refused(error.description)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let whole = parse(input)
    if case .parsed(let head, let length) = whole {
        precondition(length >= 4 && length <= size)
        precondition(input[length - 4] == 13 && input[length - 3] == 10 && input[length - 2] == 13 && input[length - 1] == 10)
        precondition(head.status >= 100 && head.status <= 999)
        for method in ["GET", "HEAD"] {
            if case .length(let bytes) = try? ResponseBodyFraming(requestMethod: method, head: head) { precondition(bytes >= 0) }
        }
    }
    let cut = size == 0 ? 0 : Int(input[0]) % (size + 1)
    let prefix = parse(UnsafeRawBufferPointer(rebasing: input[0..<cut]))
    switch (prefix, whole) {
    case (.incomplete, _): break
    case (.refused, .refused): break
    case (.parsed, _): precondition(prefix == whole, "a prefix parsed differently from the whole input")
    default: preconditionFailure("a prefix was refused but the whole input was not: \(prefix) vs \(whole)")
    }
    return 0
}
