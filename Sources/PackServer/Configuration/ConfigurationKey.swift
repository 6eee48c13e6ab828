import Configuration

/// One key of config.json: its name, its JSON type, its allowed range, what it means, and where it lives in
/// `PackServeConfiguration`. `ConfigurationKeys.all` lists every key once, and the defaults, the reading, the
/// range checks, the file's shape, the environment overrides and docs/configuration.md all come from that list,
/// so a key cannot be read without a default, or documented without being read.
struct ConfigurationKey {
    enum Kind: String {
        case string, integer, boolean
        case fraction = "number, 0 to 1"
        case strings = "array of strings"
    }

    let name: String
    let kind: Kind
    /// The allowed values of an integer key: the upper bounds keep arithmetic on them far from overflow
    /// (lifetimes are added to the clock, timeouts become nanoseconds, byte limits are summed over 100,000 packs).
    let range: ClosedRange<Int64>?
    /// The allowed spellings of a string key with a fixed set of values.
    var spellings: [String]? = nil
    /// The one line docs/configuration.md gives it.
    let meaning: String
    /// The value `configuration` holds for this key, as swift-configuration content; for
    /// `PackServeConfiguration()`, the default.
    let content: (PackServeConfiguration) -> ConfigContent
    /// Reads the key from `reader` into the configuration; a value outside `choices` is refused here, one
    /// outside `range` by `validate()`.
    let read: (ConfigReader, inout PackServeConfiguration) throws -> Void

    /// The key's value as an integer, for the range check.
    func integer(in configuration: PackServeConfiguration) -> Int64? {
        if case .int(let value) = content(configuration) { Int64(value) } else { nil }
    }
}

extension ConfigurationKey {
    static func string(_ name: String, _ path: WritableKeyPath<PackServeConfiguration, String>, _ meaning: String) -> Self {
        Self(name: name, kind: .string, range: nil, meaning: meaning, content: { .string($0[keyPath: path]) }) {
            $1[keyPath: path] = try $0.requiredString(forKey: ConfigKey(name))
        }
    }

    static func boolean(_ name: String, _ path: WritableKeyPath<PackServeConfiguration, Bool>, _ meaning: String) -> Self {
        Self(name: name, kind: .boolean, range: nil, meaning: meaning, content: { .bool($0[keyPath: path]) }) {
            $1[keyPath: path] = try $0.requiredBool(forKey: ConfigKey(name))
        }
    }

    static func strings(_ name: String, _ path: WritableKeyPath<PackServeConfiguration, [String]>, _ meaning: String) -> Self {
        Self(name: name, kind: .strings, range: nil, meaning: meaning, content: { .stringArray($0[keyPath: path]) }) {
            $1[keyPath: path] = try $0.requiredStringArray(forKey: ConfigKey(name))
        }
    }

    static func integer(
        _ name: String, _ path: WritableKeyPath<PackServeConfiguration, Int>, in range: ClosedRange<Int64>, _ meaning: String
    ) -> Self {
        Self(name: name, kind: .integer, range: range, meaning: meaning, content: { .int($0[keyPath: path]) }) {
            $1[keyPath: path] = try $0.requiredInt(forKey: ConfigKey(name))
        }
    }

    /// A number from 0 to 1 (a rate); `0` and `1` may be written as whole numbers.
    static func fraction(_ name: String, _ path: WritableKeyPath<PackServeConfiguration, Double>, _ meaning: String) -> Self {
        Self(name: name, kind: .fraction, range: nil, meaning: meaning, content: { .double($0[keyPath: path]) }) {
            let value = try (try? $0.requiredDouble(forKey: ConfigKey(name))) ?? Double($0.requiredInt(forKey: ConfigKey(name)))
            guard (0...1).contains(value) else { throw ConfigurationError.key(name, "must be between 0 and 1, not \(value)") }
            $1[keyPath: path] = value
        }
    }

    /// A byte count held as Int64 (pack sizes may pass 2 GiB).
    static func byteCount(
        _ name: String, _ path: WritableKeyPath<PackServeConfiguration, Int64>, in range: ClosedRange<Int64>, _ meaning: String
    ) -> Self {
        Self(name: name, kind: .integer, range: range, meaning: meaning, content: { .int(Int($0[keyPath: path])) }) {
            $1[keyPath: path] = Int64(try $0.requiredInt(forKey: ConfigKey(name)))
        }
    }

    /// A string key with a fixed set of spellings, each standing for a value.
    static func choice<Value: Equatable>(
        _ name: String, _ path: WritableKeyPath<PackServeConfiguration, Value>, _ choices: [(String, Value)],
        _ meaning: String
    ) -> Self {
        let spellings = choices.map(\.0)
        return Self(
            name: name, kind: .string, range: nil, spellings: spellings, meaning: meaning,
            content: { configuration in
                .string(choices.first { $0.1 == configuration[keyPath: path] }?.0 ?? spellings[0])
            }
        ) { reader, configuration in
            let text = try reader.requiredString(forKey: ConfigKey(name))
            guard let chosen = choices.first(where: { $0.0 == text }) else {
                throw ConfigurationError.key(name, "must be \(Self.alternatives(spellings)), not \"\(text)\"")
            }
            configuration[keyPath: path] = chosen.1
        }
    }

    /// `"a" or "b"`, `"a", "b" or "c"`.
    static func alternatives(_ spellings: [String]) -> String {
        let quoted = spellings.map { "\"\($0)\"" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
