/// The byte-at-a-time part of `ChunkedDecoder`: chunk-size lines and the trailer section.
extension ChunkedDecoder {
    /// Where the decoder is in the grammar of RFC 9112 §7.1:
    /// `chunk-size [ chunk-ext ] CRLF chunk-data CRLF … last-chunk trailer-section CRLF`.
    enum State: Sendable, Equatable {
        case sizeStart, size
        /// chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
        case extensionBeforeSemicolon, extensionNameStart, extensionName, extensionAfterName
        case extensionValueStart, extensionTokenValue, extensionQuotedValue, extensionQuotedEscape
        case extensionValueEnd
        case sizeLineLF
        case data, dataCR, dataLF
        case trailerLineStart, trailerName, trailerValue, trailerLineLF, trailerEndLF
        case done
    }

    mutating func step(_ byte: UInt8) throws(HTTPProblem) {
        switch state {
        case .sizeStart, .size, .extensionBeforeSemicolon, .extensionNameStart, .extensionName,
            .extensionAfterName, .extensionValueStart, .extensionTokenValue, .extensionQuotedValue,
            .extensionQuotedEscape, .extensionValueEnd, .sizeLineLF:
            chunkLineBytes += 1
            guard chunkLineBytes <= Self.maxChunkLineBytes else { throw .badRequest("chunk-size line too long") }
            try stepChunkLine(byte)
        case .trailerLineStart, .trailerName, .trailerValue, .trailerLineLF, .trailerEndLF:
            trailerBytes += 1
            guard trailerBytes <= maxTrailerBytes else { throw .headerFieldsTooLarge("trailer section too large") }
            try stepTrailer(byte)
        case .dataCR:
            guard byte == HTTPGrammar.cr else { throw .badRequest("chunk data not followed by CRLF") }
            state = .dataLF
        case .dataLF:
            guard byte == HTTPGrammar.lf else { throw .badRequest("chunk data not followed by CRLF") }
            state = .sizeStart
        case .data, .done:
            preconditionFailure("decode(_:into:) handles data and stops when done")
        }
    }

    /// `chunk-size [ chunk-ext ] CRLF` (RFC 9112 §7.1, §7.1.1).
    private mutating func stepChunkLine(_ byte: UInt8) throws(HTTPProblem) {
        switch state {
        case .sizeStart:
            guard let digit = HTTPGrammar.hexValue(byte) else { throw .badRequest("invalid chunk size") }
            chunkSize = Int(digit)
            state = .size
        case .size:
            if let digit = HTTPGrammar.hexValue(byte) {
                // Leading zeros are harmless; a value past Int.max is refused, never wrapped.
                guard chunkSize <= (Int.max - Int(digit)) / 16 else { throw .badRequest("chunk size overflows") }
                chunkSize = chunkSize * 16 + Int(digit)
            } else {
                // The size is known: refuse an oversized body before reading any of this chunk.
                guard chunkSize <= maxBodyBytes - decodedCount else {
                    throw .contentTooLarge("body larger than \(maxBodyBytes) bytes")
                }
                try endOfElement(byte)
            }
        case .extensionBeforeSemicolon:
            if byte == UInt8(ascii: ";") {
                state = .extensionNameStart
            } else if !HTTPGrammar.isWhitespace(byte) {
                throw .badRequest("invalid chunk extension")
            }
        case .extensionNameStart, .extensionValueStart:
            if HTTPGrammar.isWhitespace(byte) { return }
            if state == .extensionValueStart && byte == UInt8(ascii: "\"") {
                state = .extensionQuotedValue
            } else if HTTPGrammar.isTokenByte(byte) {
                state = state == .extensionNameStart ? .extensionName : .extensionTokenValue
            } else {
                throw .badRequest("invalid chunk extension")
            }
        case .extensionName:
            if HTTPGrammar.isTokenByte(byte) { return }
            if HTTPGrammar.isWhitespace(byte) {
                state = .extensionAfterName
            } else if byte == UInt8(ascii: "=") {
                state = .extensionValueStart
            } else {
                try endOfElement(byte)
            }
        case .extensionAfterName:
            if byte == UInt8(ascii: "=") {
                state = .extensionValueStart
            } else if byte == UInt8(ascii: ";") {
                state = .extensionNameStart
            } else if !HTTPGrammar.isWhitespace(byte) {
                throw .badRequest("invalid chunk extension")
            }
        case .extensionTokenValue:
            if !HTTPGrammar.isTokenByte(byte) { try endOfElement(byte) }
        case .extensionQuotedValue:
            // RFC 9110 §5.6.4: qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
            if byte == UInt8(ascii: "\"") {
                state = .extensionValueEnd
            } else if byte == UInt8(ascii: "\\") {
                state = .extensionQuotedEscape
            } else if !HTTPGrammar.isFieldValueByte(byte) {
                throw .badRequest("invalid chunk extension")
            }
        case .extensionQuotedEscape:
            guard HTTPGrammar.isFieldValueByte(byte) else { throw .badRequest("invalid chunk extension") }
            state = .extensionQuotedValue
        case .extensionValueEnd:
            try endOfElement(byte)
        case .sizeLineLF:
            guard byte == HTTPGrammar.lf else { throw .badRequest("bare CR in chunk-size line") }
            chunkLineBytes = 0
            state = chunkSize == 0 ? .trailerLineStart : .data
        default:
            preconditionFailure("not a chunk-size line state")
        }
    }

    /// After a chunk size, an extension name or an extension value: another extension, BWS before one,
    /// or the end of the line. Anything else — a bare LF included — is refused.
    private mutating func endOfElement(_ byte: UInt8) throws(HTTPProblem) {
        if byte == UInt8(ascii: ";") {
            state = .extensionNameStart
        } else if HTTPGrammar.isWhitespace(byte) {
            state = .extensionBeforeSemicolon
        } else if byte == HTTPGrammar.cr {
            state = .sizeLineLF
        } else {
            throw .badRequest(state == .size ? "invalid chunk size" : "invalid chunk extension")
        }
    }

    /// `trailer-section = *( field-line CRLF )` then CRLF (RFC 9112 §7.1.2), with field lines as strict
    /// as in the head: no obs-fold, no whitespace before the colon, no control bytes in values.
    private mutating func stepTrailer(_ byte: UInt8) throws(HTTPProblem) {
        switch state {
        case .trailerLineStart:
            if byte == HTTPGrammar.cr {
                state = .trailerEndLF
            } else if HTTPGrammar.isTokenByte(byte) {
                state = .trailerName
            } else {
                throw .badRequest(HTTPGrammar.isWhitespace(byte) ? "obsolete line folding in trailer" : "invalid trailer field")
            }
        case .trailerName:
            if byte == HTTPGrammar.colon {
                state = .trailerValue
            } else if !HTTPGrammar.isTokenByte(byte) {
                throw .badRequest("invalid trailer field name")
            }
        case .trailerValue:
            if byte == HTTPGrammar.cr {
                state = .trailerLineLF
            } else if !HTTPGrammar.isFieldValueByte(byte) {
                throw .badRequest("control character in trailer value")
            }
        case .trailerLineLF:
            guard byte == HTTPGrammar.lf else { throw .badRequest("bare CR in trailer") }
            state = .trailerLineStart
        case .trailerEndLF:
            guard byte == HTTPGrammar.lf else { throw .badRequest("bare CR after trailer section") }
            state = .done
        default:
            preconditionFailure("not a trailer state")
        }
    }
}
