import JSONText

/// A configuration problem, described in one line in the style of a compiler: `FILE:LINE:COLUMN: key: problem`
/// where the key's value is found in the file, `FILE: key: problem` where it is not (a default or an
/// environment override), so every kind of mistake (syntax, type, range, a missing directory) reads alike.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    /// The dotted key at fault (`listen.port`), nil for a problem with the file as a whole.
    public private(set) var key: String?
    public private(set) var problem: String
    /// `FILE` or `FILE:LINE:COLUMN`, once known.
    public private(set) var location: String?

    public init(_ description: String) {
        problem = description
    }

    public var description: String {
        [location, key, problem].compactMap { $0 }.joined(separator: ": ")
    }

    static func key(_ key: String, _ problem: String) -> ConfigurationError {
        var error = ConfigurationError(problem)
        error.key = key
        return error
    }

    /// This problem placed in `file`: at the position of its key's value when `root` (the parsed file) has it,
    /// naming the environment variable instead when `environment` overrides the key (the file's value is
    /// not the one at fault then).
    func located(in file: String, root: JSONNode?, environment: [String: String] = [:]) -> ConfigurationError {
        guard location == nil else { return self }
        var placed = self
        placed.location = file
        guard let key else { return placed }
        // An element (`trustedProxies[1]`) comes from its list's variable.
        let variable = EnvironmentOverrides.variableName(forKey: String(key.prefix { $0 != "[" }))
        if environment[variable] != nil {
            placed.key = "\(key) (from \(variable))"
        } else if let value = root?.value(at: key) {
            placed.location = "\(file):\(value.position)"
        }
        return placed
    }
}
