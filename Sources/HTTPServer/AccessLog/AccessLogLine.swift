import HTTP1
import JSONText

/// Formats access-log lines into a byte buffer: a pure function of the entry and the time, so every
/// escaping rule is tested without a server. No `String` interpolation: the loop appends bytes.
enum AccessLogLine {
    /// Appends one line (with its newline) for `entry` to `out`. `localTime` is nginx's `$time_local`
    /// (`23/Nov/2026:01:30:07 +0000`) and `isoTime` an RFC 3339 time, both for the current second.
    static func append(_ entry: AccessLogEntry, format: AccessLogFormat, localTime: String, isoTime: String, to out: inout [UInt8]) {
        switch format {
        case .combined: appendCombined(entry, localTime: localTime, to: &out)
        case .json: appendJSON(entry, isoTime: isoTime, to: &out)
        }
    }

    // `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer"
    // "$http_user_agent"`, then host="…" range="…" rt=seconds id=hex [aborted].
    private static func appendCombined(_ e: AccessLogEntry, localTime: String, to out: inout [UInt8]) {
        out += e.client.utf8
        out += " - - [".utf8
        out += localTime.utf8
        out += "] \"".utf8
        escapeQuoted(e.head.method.rawValue, into: &out)
        out.append(0x20)
        escapeQuoted(e.head.target, into: &out)
        out.append(0x20)
        appendStatic(versionText(e.head.version), to: &out)
        out += "\" ".utf8
        appendDecimal(Int64(e.status), to: &out)
        out.append(0x20)
        appendDecimal(e.bodyBytes, to: &out)
        out += " \"".utf8
        escapeQuoted(e.head.headers["referer"] ?? "-", into: &out)
        out += "\" \"".utf8
        escapeQuoted(e.head.headers["user-agent"] ?? "-", into: &out)
        out += "\" host=\"".utf8
        escapeQuoted(e.head.headers["host"] ?? "-", into: &out)
        out += "\" range=\"".utf8
        escapeQuoted(e.head.headers["range"] ?? "-", into: &out)
        out += "\" rt=".utf8
        appendSeconds(micros: e.durationMicros, to: &out)
        out += " id=".utf8
        appendHex(e.requestID, to: &out)
        if e.aborted { out += " aborted".utf8 }
        out.append(0x0A)
    }

    private static func appendJSON(_ e: AccessLogEntry, isoTime: String, to out: inout [UInt8]) {
        func field(_ name: String, _ value: String?) {
            out += ",\"".utf8
            out += name.utf8
            out += "\":".utf8
            guard let value else { return out += "null".utf8 }
            JSONText.appendString(value, to: &out)
        }
        out += "{\"time\":\"".utf8
        out += isoTime.utf8
        out.append(0x22)
        field("client", e.client)
        field("host", e.head.headers["host"])
        field("method", e.head.method.rawValue)
        field("target", e.head.target)
        field("protocol", e.head.version == .http1_0 ? "HTTP/1.0" : "HTTP/1.1")
        out += ",\"status\":".utf8
        appendDecimal(Int64(e.status), to: &out)
        out += ",\"bodyBytes\":".utf8
        appendDecimal(e.bodyBytes, to: &out)
        field("range", e.head.headers["range"])
        field("userAgent", e.head.headers["user-agent"])
        field("referer", e.head.headers["referer"])
        out += ",\"durationSeconds\":".utf8
        appendSeconds(micros: e.durationMicros, to: &out)
        field("requestId", hex(e.requestID))
        out += ",\"aborted\":".utf8
        out += (e.aborted ? "true" : "false").utf8
        out += "}\n".utf8
    }

    /// nginx's escaping inside quoted fields: `"`, `\` and bytes outside printable ASCII as `\xHH`, so a
    /// client cannot forge a line break or close the quotes.
    static func escapeQuoted(_ text: String, into out: inout [UInt8]) {
        // Nearly every value needs no escape: then it is copied whole rather than byte by byte.
        if !text.utf8.contains(where: needsEscape),
            text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) != nil
        {
            return
        }
        for byte in text.utf8 {
            if needsEscape(byte) {
                out += [0x5C, 0x78, hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            } else {
                out.append(byte)
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C
    }

    /// Constant strings for the versions the parser accepts (no interpolation per line).
    private static func versionText(_ version: HTTPVersion) -> StaticString {
        version == .http1_0 ? "HTTP/1.0" : "HTTP/1.1"
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10 }

    private static func appendStatic(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(0x2D)
            return appendDecimal(-value, to: &out)
        }
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(0x30 + UInt8(value % 10))
    }

    /// Seconds with microsecond precision: `0.000123`.
    private static func appendSeconds(micros: UInt64, to out: inout [UInt8]) {
        appendDecimal(Int64(micros / 1_000_000), to: &out)
        out.append(0x2E)
        // Six digits, most significant first, straight into `out` (no scratch array per line).
        let fraction = micros % 1_000_000
        var scale: UInt64 = 100_000
        while scale > 0 {
            out.append(0x30 + UInt8(fraction / scale % 10))
            scale /= 10
        }
    }

    private static func hex(_ value: UInt64) -> String {
        var bytes: [UInt8] = []
        appendHex(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            out.append(hexDigit(UInt8((value >> UInt64(shift)) & 0xF)))
        }
    }
}
