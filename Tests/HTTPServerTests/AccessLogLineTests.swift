import Foundation
import HTTP1
@testable import HTTPServer
import Testing

/// The access log's line formats, byte for byte, and the escaping that keeps a client from forging lines.
@Suite struct AccessLogLineTests {
    static func entry(target: String = "/packs/level-1", headers: HTTPHeaders, aborted: Bool = false) -> AccessLogEntry {
        AccessLogEntry(
            client: "192.0.2.7",
            head: HTTPRequestHead(method: .get, target: target, path: target, version: .http1_1, headers: headers),
            status: 206, bodyBytes: 1024, durationMicros: 1_234_567, requestID: 0x1_0000_0000_002a, aborted: aborted)
    }

    static func line(_ entry: AccessLogEntry, _ format: AccessLogFormat) -> String {
        var out: [UInt8] = []
        AccessLogLine.append(entry, format: format, localTime: "23/Nov/2026:01:30:07 +0000", isoTime: "2026-11-23T01:30:07Z", to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func combinedIsNginxsLineFollowedByTheExtraFields() {
        let headers: HTTPHeaders = ["Host": "assets.example.com", "Range": "bytes=0-1023", "User-Agent": "curl/8.5.0"]
        #expect(Self.line(Self.entry(headers: headers), .combined) == """
            192.0.2.7 - - [23/Nov/2026:01:30:07 +0000] "GET /packs/level-1 HTTP/1.1" 206 1024 "-" "curl/8.5.0" \
            host="assets.example.com" range="bytes=0-1023" rt=1.234567 id=000100000000002a\n
            """)
        #expect(Self.line(Self.entry(headers: [:], aborted: true), .combined).hasSuffix(" id=000100000000002a aborted\n"))
    }

    /// `rt=` keeps six fraction digits, leading zeros included (`0.000123`, not `0.123`).
    @Test func responseTimeKeepsLeadingZerosOfTheFraction() {
        var entry = Self.entry(headers: [:])
        for (micros, text) in [(123, "rt=0.000123 "), (0, "rt=0.000000 "), (60_000_007, "rt=60.000007 "), (999_999, "rt=0.999999 ")] {
            entry.durationMicros = UInt64(micros)
            #expect(Self.line(entry, .combined).contains(text))
        }
    }

    /// A quote, a backslash or a control byte in a header must not end the field or the line.
    @Test func combinedEscapesWhatCouldForgeAField() {
        let headers: HTTPHeaders = ["User-Agent": "evil\" 200 \\ \u{1B}[31m"]
        let line = Self.line(Self.entry(headers: headers), .combined)
        #expect(line.contains(#""evil\x22 200 \x5c \x1b[31m""#), "\(line)")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func jsonLinesParseWithEveryField() throws {
        let headers: HTTPHeaders = ["Host": "h", "User-Agent": "agent \"quoted\"\n", "Range": "bytes=5-"]
        let line = Self.line(Self.entry(headers: headers), .json)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2026-11-23T01:30:07Z")
        #expect(object["client"] as? String == "192.0.2.7")
        #expect(object["host"] as? String == "h")
        #expect(object["method"] as? String == "GET")
        #expect(object["target"] as? String == "/packs/level-1")
        #expect(object["protocol"] as? String == "HTTP/1.1")
        #expect(object["status"] as? Int == 206)
        #expect(object["bodyBytes"] as? Int == 1024)
        #expect(object["range"] as? String == "bytes=5-")
        #expect(object["userAgent"] as? String == "agent \"quoted\"\n")
        #expect(object["referer"] is NSNull)
        #expect(object["durationSeconds"] as? Double == 1.234567)
        #expect(object["requestId"] as? String == "000100000000002a")
        #expect(object["aborted"] as? Bool == false)
    }

    @Test func timesAreFormattedForTheSecond() {
        // 2026-11-23T01:30:07Z
        let times = AccessLogBuffer.times(1_795_397_407)
        #expect(times.local == "23/Nov/2026:01:30:07 +0000")
        #expect(times.iso == "2026-11-23T01:30:07Z")
    }
}
