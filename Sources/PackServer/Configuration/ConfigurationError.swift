/// A configuration problem, described in one line that names the key (or file) at fault.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    static func key(_ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError("config key '\(key)': \(problem)")
    }
}
