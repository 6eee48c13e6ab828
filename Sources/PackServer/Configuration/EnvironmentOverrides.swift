import ObjectStorage

/// The `PACKSERVE_*` variables that override configuration keys, and the refusal of any other: a
/// misspelt variable (`PACKSERVE_LISTEN_PROT`) would otherwise be ignored without a word.
enum EnvironmentOverrides {
    /// Variables that are not configuration keys but are still PackServe's: the config file's path, and the
    /// object store's credentials (never config keys, so they stay out of config.json).
    static let otherVariables: Set<String> = [
        "PACKSERVE_CONFIG", S3Credentials.accessKeyVariable, S3Credentials.secretKeyVariable,
    ]

    /// `PACKSERVE_A_BC` for key `a.bC`: upper-cased, dots become underscores.
    static func variableName(forKey key: String) -> String {
        "PACKSERVE_" + key.uppercased().replacingOccurrences(of: ".", with: "_")
    }

    /// The first `PACKSERVE_*` variable in `environment` that names no key, if any.
    static func unknownVariable(in environment: [String: String], keys: some Sequence<String>) -> String? {
        let known = Set(keys.map(variableName)).union(otherVariables)
        return environment.keys.filter { $0.hasPrefix("PACKSERVE_") && !known.contains($0) }.sorted().first
    }
}
