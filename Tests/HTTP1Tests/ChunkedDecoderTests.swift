import Testing

@testable import HTTP1

/// What decoding some input produced: the body and how much input was used, or the refusal status.
struct ChunkedOutcome: Equatable, CustomStringConvertible {
    var body: [UInt8] = []
    var consumed = 0
    var isComplete = false
    var status: Int?

    var description: String {
        status.map { "refused \($0)" } ?? "\(body.count) bytes, consumed \(consumed), complete \(isComplete)"
    }

    /// Feeds `input` to a fresh decoder in pieces cut at `splits`, as a connection would: each read's
    /// unused bytes are kept and offered again with the next read.
    static func decode(_ input: [UInt8], splits: [Int] = [], maxBodyBytes: Int = 1 << 20, maxTrailerBytes: Int = 1024) -> ChunkedOutcome {
        var decoder = ChunkedDecoder(maxBodyBytes: maxBodyBytes, maxTrailerBytes: maxTrailerBytes)
        var outcome = ChunkedOutcome()
        var start = 0
        for end in splits + [input.count] where !outcome.isComplete && end >= start {
            do {
                let (consumed, isComplete) = try decoder.decode(Array(input[start..<end]), into: &outcome.body)
                outcome.consumed += consumed
                outcome.isComplete = isComplete
                start += consumed
            } catch {
                return ChunkedOutcome(status: error.status.code)
            }
        }
        return outcome
    }
}

@Suite struct ChunkedDecoderTests {
    static let valid: [(wire: String, body: String)] = [
        ("0\r\n\r\n", ""),
        ("5\r\nhello\r\n0\r\n\r\n", "hello"),
        ("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", "hello world"),
        ("A\r\n0123456789\r\n0\r\n\r\n", "0123456789"),
        ("a\r\n0123456789\r\n000\r\n\r\n", "0123456789"),
        ("0005\r\nhe\r\nl\r\n0\r\n\r\n", "he\r\nl"),
        ("5;name\r\nhello\r\n0;x=y\r\n\r\n", "hello"),
        ("5 ; a = b ; c=\"q\\\"uo;ted\" ;d\r\nhello\r\n0\r\n\r\n", "hello"),
        ("5\r\nhello\r\n0\r\nChecksum: abc\r\nX-Other:\t v \r\n\r\n", "hello"),
    ]

    @Test(arguments: valid.indices)
    func decodesWholeInput(_ index: Int) {
        let (wire, body) = Self.valid[index]
        let outcome = ChunkedOutcome.decode(Array(wire.utf8))
        #expect(outcome == ChunkedOutcome(body: Array(body.utf8), consumed: wire.utf8.count, isComplete: true))
    }

    @Test(arguments: valid.indices)
    func everySplitPointGivesTheSameResult(_ index: Int) {
        let wire = Array(Self.valid[index].wire.utf8)
        let whole = ChunkedOutcome.decode(wire)
        for split in 0...wire.count {
            #expect(ChunkedOutcome.decode(wire, splits: [split]) == whole, "split at \(split)")
        }
        #expect(ChunkedOutcome.decode(wire, splits: Array(0...wire.count)) == whole, "one byte at a time")
    }

    @Test func stopsAfterTheBodyAndLeavesThePipelinedRequest() throws {
        let body = Array("3\r\nabc\r\n0\r\n\r\n".utf8)
        let next = Array("GET / HTTP/1.1\r\n".utf8)
        var decoder = ChunkedDecoder(maxBodyBytes: 100)
        var decoded: [UInt8] = []
        let (consumed, isComplete) = try decoder.decode(body + next, into: &decoded)
        #expect(consumed == body.count)
        #expect(isComplete && decoder.isComplete)
        #expect(decoded == Array("abc".utf8))
        #expect(try decoder.decode(next, into: &decoded) == (0, true))
    }

    @Test func waitsForMoreInput() throws {
        var decoder = ChunkedDecoder(maxBodyBytes: 100)
        var decoded: [UInt8] = []
        let partial = Array("5\r\nhel".utf8)
        let (consumed, isComplete) = try decoder.decode(partial, into: &decoded)
        #expect(consumed == partial.count && !isComplete)
        #expect(decoded == Array("hel".utf8) && decoder.decodedCount == 3)
    }

    static let refused: [(wire: String, status: Int)] = [
        ("\r\n", 400),
        ("x\r\n", 400),
        ("-1\r\n", 400),
        ("0x5\r\nhello\r\n", 400),
        (" 5\r\nhello\r\n0\r\n\r\n", 400),
        ("5 \r\nhello\r\n0\r\n\r\n", 400),
        ("5\nhello\r\n0\r\n\r\n", 400),
        ("5\rhello\r\n0\r\n\r\n", 400),
        ("5\r\nhello\n0\r\n\r\n", 400),
        ("5\r\nhelloX\r\n0\r\n\r\n", 400),
        ("3\r\nhello\r\n0\r\n\r\n", 400),
        ("5;\r\nhello\r\n0\r\n\r\n", 400),
        ("5;a=\r\nhello\r\n0\r\n\r\n", 400),
        ("5;a b\r\nhello\r\n0\r\n\r\n", 400),
        ("5;a=\"x\r\nhello\r\n0\r\n\r\n", 400),
        ("5;a=\"x\"y\r\nhello\r\n0\r\n\r\n", 400),
        ("5;a=b\u{1}\r\nhello\r\n0\r\n\r\n", 400),
        ("5\r\nhello\r\n0\r\n\n", 400),
        ("5\r\nhello\r\n0\r\nX: y\n\r\n", 400),
        ("0\r\n folded: x\r\n\r\n", 400),
        ("0\r\nName : x\r\n\r\n", 400),
        ("0\r\nNo-Colon\r\n\r\n", 400),
        ("0\r\nX: a\u{0}b\r\n\r\n", 400),
        ("0\r\n\rX", 400),
        ("8000000000000000\r\n", 400),
        ("FFFFFFFFFFFFFFFFFFFF\r\n", 400),
        ("7FFFFFFFFFFFFFFF\r\n", 413),
        ("401\r\n", 413),
        ("200\r\n\(String(repeating: "a", count: 512))\r\n201\r\n", 413),
        ("0\r\nX: \(String(repeating: "t", count: 2000))\r\n\r\n", 431),
        ("1;\(String(repeating: "e", count: 5000))\r\n", 400),
    ]

    @Test(arguments: refused.indices)
    func refuses(_ index: Int) {
        let (wire, status) = Self.refused[index]
        #expect(ChunkedOutcome.decode(Array(wire.utf8), maxBodyBytes: 1024).status == status)
    }

    @Test func limitIsInclusiveAndCountsAllChunks() {
        let exact = Array("200\r\n\(String(repeating: "a", count: 512))\r\n200\r\n\(String(repeating: "b", count: 512))\r\n0\r\n\r\n".utf8)
        let outcome = ChunkedOutcome.decode(exact, maxBodyBytes: 1024)
        #expect(outcome.isComplete && outcome.body.count == 1024)
        #expect(ChunkedOutcome.decode(exact, maxBodyBytes: 1023).status == 413)
    }

    @Test func refusalIsStickyAndLeadingZerosDoNotOverflow() throws {
        let zeros = String(repeating: "0", count: 100) + "1\r\nz\r\n0\r\n\r\n"
        #expect(ChunkedOutcome.decode(Array(zeros.utf8)).body == [UInt8(ascii: "z")])
        var decoder = ChunkedDecoder(maxBodyBytes: 10)
        var decoded: [UInt8] = []
        #expect(throws: HTTPProblem.self) { try decoder.decode(Array("zz".utf8), into: &decoded) }
        #expect(throws: HTTPProblem.self) { try decoder.decode(Array("0\r\n\r\n".utf8), into: &decoded) }
    }
}
