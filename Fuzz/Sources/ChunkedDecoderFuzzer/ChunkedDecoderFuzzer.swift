import HTTP1

// libFuzzer entry point for the chunked transfer-coding decoder (RFC 9112 §7.1).
//
// Built by scripts/fuzz from Fuzz/Package.swift over the HTTP1 library.
// The input is what follows a `Transfer-Encoding: chunked` head. Invariants, checked with `precondition`:
// - decoding never crashes; consumed ≤ input size; the body never exceeds the limit and equals
//   `decodedCount`;
// - feeding the input split into two reads — or one byte at a time — gives the same body, completeness,
//   consumed count and refusal status as feeding it whole.

private let fuzzMaxBodyBytes = 1024
private let fuzzMaxTrailerBytes = 256

/// What one way of feeding the input produced.
private struct FeedOutcome: Equatable {
    var body: [UInt8] = []
    var consumed = 0
    var isComplete = false
    var refusal: Int?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let whole = feed(input, cuts: [])
    precondition(whole.consumed <= size)
    precondition(whole.body.count <= fuzzMaxBodyBytes)
    precondition(whole.isComplete || whole.refusal != nil || whole.consumed == size)
    let split = size == 0 ? 0 : Int(input[0]) % (size + 1)
    precondition(feed(input, cuts: [split]) == whole, "split at \(split) differs from whole input")
    if size <= 512 {
        precondition(feed(input, cuts: Array(0..<size)) == whole, "byte-at-a-time differs from whole input")
    }
    return 0
}

/// Feeds `input` cut at `cuts` (ascending) to a fresh decoder, offering unused bytes again with the next
/// read as a connection does, and stopping when the body is complete.
private func feed(_ input: UnsafeRawBufferPointer, cuts: [Int]) -> FeedOutcome {
    var decoder = ChunkedDecoder(maxBodyBytes: fuzzMaxBodyBytes, maxTrailerBytes: fuzzMaxTrailerBytes)
    var outcome = FeedOutcome()
    for end in cuts + [input.count] where !outcome.isComplete && end >= outcome.consumed {
        do {
            let piece = UnsafeRawBufferPointer(rebasing: input[outcome.consumed..<end])
            let (consumed, isComplete) = try decoder.decode(piece, into: &outcome.body)
            precondition(consumed <= piece.count && (isComplete || consumed == piece.count))
            precondition(decoder.decodedCount == outcome.body.count)
            outcome.consumed += consumed
            outcome.isComplete = isComplete
        } catch {
            return FeedOutcome(refusal: error.status.code)
        }
    }
    return outcome
}
