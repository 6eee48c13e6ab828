import PackStore

/// `--platform P` (repeatable), as `add` and `set` take it: nil when not given; `all` alone: every platform.
enum PlatformOption {
    static func parse(_ names: [String]) throws -> [ApplePlatform]? {
        guard !names.isEmpty else { return nil }
        if names.map({ $0.lowercased() }) == ["all"] { return [] }
        if names.contains(where: { $0.lowercased() == "all" }) {
            throw CommandFailure("--platform all cannot be combined with other platforms")
        }
        return try names.map(ApplePlatform.init(parsing:))
    }
}
