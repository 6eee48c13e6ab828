import HTTP1
// `OpenFile(descriptor:size:modificationTime:)`: a file of any length without a file.
@testable import HTTPServer

// libFuzzer entry point for the Range planner (RFC 9110 §14.1.2, §14.2, docs/http.md).
//
// Built by scripts/fuzz from Fuzz/Package.swift over the HTTP1 library (the planner) and HTTPServer (the
// responder that serves the plan).
//
// Input layout: the first 8 bytes (little-endian) choose the representation length N, the rest is the
// Range field value. Every invariant the responder relies on is checked with `precondition`, so a
// violation is a crash libFuzzer reports with its input.

/// Ranges per request, as in the default configuration.
private let fuzzMaxRanges = 16

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 8 else { return 0 }
    let raw = bytes.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    // Shifting by the low 6 bits makes small lengths (the interesting ones) as likely as huge ones.
    let length = Int64(bitPattern: raw >> (raw & 63)) & .max
    let field = String(decoding: bytes.dropFirst(8), as: UTF8.self)

    let specs = ByteRangeSpec.parseRangeField(field)
    let plan = RangePlan(rangeField: field, length: length, maxRanges: fuzzMaxRanges)
    checkPlan(plan, specs: specs, length: length)
    checkResponder(field: field, length: length, plan: plan)
    return 0
}

private func checkPlan(_ plan: RangePlan, specs: [ByteRangeSpec]?, length: Int64) {
    let resolved = (specs ?? []).compactMap { $0.resolved(length: length) }
    // Saturating sum of the requested lengths, computed independently of the planner.
    let requested = resolved.reduce(Int64(0)) { sum, range in
        let (total, overflow) = sum.addingReportingOverflow(range.count)
        return overflow ? .max : total
    }
    let refused = length == 0 || specs == nil || specs!.count > fuzzMaxRanges || requested > length

    switch plan {
    case .full:
        precondition(refused, "full plan for an acceptable range request")
    case .unsatisfiable:
        precondition(!refused && resolved.isEmpty, "416 although some range is satisfiable")
    case .partial(let ranges):
        precondition(!refused && !ranges.isEmpty, "partial plan for a refused request")
        var total: Int64 = 0
        for (index, range) in ranges.enumerated() {
            precondition(range.first >= 0 && range.first <= range.last && range.last < length, "range outside [0,N)")
            if index > 0 {
                // Sorted, non-overlapping and non-adjacent: adjacent ranges must have been merged.
                precondition(range.first > ranges[index - 1].last + 1, "ranges not sorted, overlapping or adjacent")
            }
            let (sum, overflow) = total.addingReportingOverflow(range.count)
            precondition(!overflow && sum <= length, "planned bytes exceed N")
            total = sum
        }
        // The plan is exactly the union of the satisfiable requested ranges.
        for requestedRange in resolved {
            precondition(ranges.contains { $0.first <= requestedRange.first && requestedRange.last <= $0.last },
                         "a requested range is not covered")
        }
        for range in ranges {
            precondition(resolved.contains { $0.first == range.first }, "a planned range starts where none was asked")
            precondition(resolved.contains { $0.last == range.last }, "a planned range ends where none was asked")
        }
    }
}

/// Runs the whole responder on a descriptor-less file of `length` bytes (nothing is read) and checks
/// that the response agrees with the plan and that every Content-Length is the sum of its segments.
private func checkResponder(field: String, length: Int64, plan: RangePlan) {
    let file = OpenFile(descriptor: -1, size: length, modificationTime: 784_111_777)
    let representation = Representation.staticFile(file, path: "/pack.bin")
    let head = HTTPRequestHead(method: .get, target: "/pack.bin", path: "/pack.bin", headers: ["range": field])
    let response = RepresentationResponder(maxRanges: fuzzMaxRanges).respond(to: head, with: representation)

    var segmentTotal: Int64 = 0
    for segment in response.body.segments {
        let (sum, overflow) = segmentTotal.addingReportingOverflow(segment.count)
        precondition(!overflow && segment.count >= 0, "segment counts overflow")
        segmentTotal = sum
    }
    precondition(segmentTotal == response.body.count, "Content-Length differs from the segments")

    switch plan {
    case .full:
        precondition(response.status == .ok && response.body.count == length, "full plan but not a full 200")
    case .unsatisfiable:
        precondition(response.status == .rangeNotSatisfiable, "unsatisfiable plan but not 416")
        precondition(response.headers["Content-Range"] == "bytes */\(length)", "416 without bytes */N")
    case .partial(let ranges) where ranges.count == 1:
        precondition(response.status == .partialContent, "single range but not 206")
        precondition(response.headers["Content-Range"] == ranges[0].contentRange(completeLength: length), "wrong Content-Range")
        precondition(response.body.count == ranges[0].count, "single part body is not the range")
    case .partial(let ranges):
        precondition(response.status == .partialContent, "several ranges but not 206")
        checkMultipart(response, ranges: ranges, length: length)
    }
}

/// Each file segment must be preceded by a part header naming exactly its range.
private func checkMultipart(_ response: HTTPResponse, ranges: [ByteRange], length: Int64) {
    guard let contentType = response.headers["Content-Type"],
          let boundaryStart = contentType.firstRange(of: "boundary=")
    else { preconditionFailure("multipart response without a boundary") }
    let boundary = String(contentType[boundaryStart.upperBound...])
    let segments = response.body.segments
    precondition(segments.count == ranges.count * 2 + 1, "unexpected multipart segment count")
    for (index, range) in ranges.enumerated() {
        guard case .bytes(let header) = segments[index * 2],
              case .file(_, let offset, let count) = segments[index * 2 + 1]
        else { preconditionFailure("multipart segments out of order") }
        let text = String(decoding: header, as: UTF8.self)
        precondition(text.hasPrefix("\r\n--\(boundary)\r\n") && text.hasSuffix("\r\n\r\n"), "bad part delimiter")
        precondition(text.contains("\r\nContent-Range: bytes \(offset)-\(offset + count - 1)/\(length)\r\n"), "part header disagrees with its bytes")
        precondition(offset == range.first && count == range.count, "part is not the planned range")
    }
    guard case .bytes(let closing) = segments[segments.count - 1] else { preconditionFailure("no close delimiter") }
    precondition(String(decoding: closing, as: UTF8.self) == "\r\n--\(boundary)--\r\n", "bad close delimiter")
}
