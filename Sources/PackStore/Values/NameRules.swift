/// The syntax of pack ids and tags (docs/api.md "Words"). Pure functions, so the CLI and HTTP layers can validate
/// input before touching the store.
public enum NameRules {
    /// `[A-Za-z0-9][A-Za-z0-9.-]{0,127}`: Apple's asset-pack identifiers (case-sensitive, reverse-DNS welcome,
    /// e.g. `Tutorial`, `com.example.game.level-1`). No `_`, because App Store Connect rejects it. Ids made
    /// under the earlier rule (`[a-z0-9][a-z0-9.-]{0,63}`) all still match.
    public static func isValidPackID(_ id: String) -> Bool {
        matches(id, maxLength: 128) { byte, isFirst in
            isAlphanumeric(byte) || (!isFirst && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")))
        }
    }

    /// `[A-Za-z0-9][A-Za-z0-9._-]{0,63}`.
    public static func isValidTag(_ tag: String) -> Bool {
        matches(tag, maxLength: 64) { byte, isFirst in
            let isPunctuation = byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            return isAlphanumeric(byte) || (!isFirst && isPunctuation)
        }
    }

    public static func validatePackID(_ id: String) throws(PackStoreError) {
        guard isValidPackID(id) else { throw .invalidPackID(id) }
    }

    public static func validateTag(_ tag: String) throws(PackStoreError) {
        guard isValidTag(tag) else { throw .invalidTag(tag) }
    }

    /// A loose `type/subtype[; parameters]` check: enough to keep header-breaking bytes out of `Content-Type`.
    public static func isValidContentType(_ type: String) -> Bool {
        let bytes = Array(type.utf8)
        guard (3...255).contains(bytes.count), let slash = bytes.firstIndex(of: UInt8(ascii: "/")),
            slash > 0, slash < bytes.count - 1
        else { return false }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    private static func matches(_ text: String, maxLength: Int, _ allowed: (UInt8, Bool) -> Bool) -> Bool {
        let bytes = text.utf8
        guard (1...maxLength).contains(bytes.count) else { return false }
        for (offset, byte) in bytes.enumerated() where !allowed(byte, offset == 0) {
            return false
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
