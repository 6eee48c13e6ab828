extension StringProtocol {
    /// Without leading and trailing spaces, tabs, CR and LF; the rest untouched. Foundation-free so the
    /// wire target needs nothing but the standard library and swift-crypto.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
