extension String {
    /// The text of a NUL-terminated C buffer that libc filled in (inet_ntop, gethostname, mkstemp).
    init(cBuffer: [CChar]) {
        self.init(decoding: cBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
