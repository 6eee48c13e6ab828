/// Serialises a response's status line and header section (RFC 9112 §4, §5).
///
/// The server owns the framing fields: any Content-Length, Transfer-Encoding, Connection or Date a
/// responder set is replaced, so the bytes announced always equal the bytes the writer sends.
///
/// Every response goes through here, so the head is written the cheap way: its size is bounded first,
/// then it is copied into one allocation of that size, each string with one `memcpy`. It is given the
/// body's length, not the body (which may be an open file's region, HTTPServer's `HTTPBody`), so it has no
/// I/O in it.
package enum ResponseHeadEncoder {
    private static let ownedFields = ["content-length", "transfer-encoding", "connection", "date"]
    /// Bit n set when an owned name is n bytes long (all are shorter than 64).
    private static let ownedLengths: UInt64 = ownedFields.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }
    /// Room for all but the strings a head is made of: `HTTP/1.1 `, a code of up to 20 digits, a space
    /// and CRLF (32); `Date: ` and CRLF (8); `Server: ` and CRLF (10); `Content-Length: `, 20 digits and
    /// CRLF (38); `Connection: keep-alive` and CRLF (24); the final CRLF (2).
    private static let fixedBound = 32 + 8 + 10 + 38 + 24 + 2

    /// The head of a response of `status` with `headers` whose body is `contentLength` bytes, with what the
    /// connection decides: whether it stays open (`keepAlive`), for which request version, the Date and the
    /// Server name. Plain parameters, not a struct of them: the connection, in another module, would copy
    /// one for every response (scripts/bench-hotpath measured the copies).
    package static func encode(
        status: HTTPStatus, headers: HTTPHeaders, contentLength: Int64, keepAlive: Bool, requestVersion: HTTPVersion,
        date: String, serverName: String? = nil
    ) -> [UInt8] {
        var bound = fixedBound + status.reason.utf8.count + date.utf8.count + (serverName?.utf8.count ?? 0)
        for field in headers { bound += field.name.utf8.count + field.value.utf8.count + 4 }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var out = Writer(buffer: buffer)
            // RFC 9110 §2.5: a server sends its own highest conformant version, HTTP/1.1, to 1.0 clients too.
            out.write("HTTP/1.1 " as StaticString)
            out.writeDecimal(UInt64(clamping: status.code))
            out.write(" " as StaticString)
            out.write(status.reason)
            out.writeCRLF()
            out.writeField("Date", date)
            if let server = serverName { out.writeField("Server", server) }
            for field in headers where !isOwned(field.name) {
                out.writeField(field.name, field.value)
            }
            // RFC 9110 §8.6: no Content-Length on 1xx/204; a 304 omits it because it has no content to describe.
            if !status.forbidsBody {
                out.write("Content-Length: " as StaticString)
                out.writeDecimal(UInt64(clamping: contentLength))
                out.writeCRLF()
            }
            if !keepAlive {
                out.writeField("Connection", "close")
            } else if requestVersion == .http1_0 {
                out.writeField("Connection", "keep-alive")
            }
            out.writeCRLF()
            count = out.position
        }
    }

    /// Compared without lower-casing a copy: this runs for every field of every response.
    private static func isOwned(_ name: String) -> Bool {
        // Most names have none of the owned names' lengths: no comparison at all then.
        let length = name.utf8.count
        return length < 64 && ownedLengths & (1 << UInt64(length)) != 0
            && ownedFields.contains { HTTPHeaders.namesEqual($0, name) }
    }

    /// Writes into storage `encode` sized beforehand.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var position = 0

        /// `name: value` CRLF, or nothing when either holds CR, LF or NUL (response splitting): the field
        /// is written, then taken back if a part of it was unsafe, so each byte is looked at once.
        mutating func writeField(_ name: String, _ value: String) {
            let start = position
            let nameIsSafe = write(name)
            buffer[position] = 0x3A
            buffer[position + 1] = 0x20
            position += 2
            guard write(value), nameIsSafe else {
                position = start
                return
            }
            writeCRLF()
        }

        /// Copies the string's UTF-8; returns false if it holds CR, LF or NUL.
        @discardableResult
        mutating func write(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bytes in
                guard let source = bytes.baseAddress else { return true }
                (buffer.baseAddress! + position).initialize(from: source, count: bytes.count)
                position += bytes.count
                return Self.isSafe(bytes)
            }
        }

        /// No CR, LF or NUL. All three are below 0x0E: the smallest byte (a loop without early exits)
        /// settles nearly every text, and only one with a byte that small is looked at byte by byte.
        /// Measured with scripts/bench-hotpath: about 1,000 instructions per response fewer than a plain
        /// `contains` over the same bytes.
        static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var smallest: UInt8 = 0xFF
            for byte in bytes { smallest = min(smallest, byte) }
            return smallest > 0x0D || !bytes.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
        }

        /// Text of this file, known to be safe.
        mutating func write(_ text: StaticString) {
            (buffer.baseAddress! + position).initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
            position += text.utf8CodeUnitCount
        }

        mutating func writeDecimal(_ value: UInt64) {
            position = ASCIIDigits.write(value, into: buffer, at: position)
        }

        mutating func writeCRLF() {
            buffer[position] = 0x0D
            buffer[position + 1] = 0x0A
            position += 2
        }
    }
}
