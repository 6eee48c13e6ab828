import Configuration
import Foundation
import JSONText
import Manifest
import SystemPackage

extension PackServeConfiguration {
    /// Where the configuration comes from when `--config` is not given: `$PACKSERVE_CONFIG`, then `./config.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["PACKSERVE_CONFIG"] ?? "config.json"
    }

    /// Reads `path` (JSON) with environment overrides on top: every key `a.bC` may be set by
    /// `PACKSERVE_A_BC` (upper-cased, dots become underscores; e.g. `PACKSERVE_LISTEN_PORT`,
    /// `PACKSERVE_PUBLICBASEURL`). Values are validated; the first problem is thrown as one line.
    public static func load(path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        async throws(ConfigurationError) -> PackServeConfiguration
    {
        let fileURL = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: fileURL.path) else {
            // Relative paths are looked up in the working directory: say which, and how to point elsewhere.
            let directory = FileManager.default.currentDirectoryPath
            throw ConfigurationError(
                "config file not found: \(path)\(path.hasPrefix("/") ? "" : " (in \(directory))"); "
                    + "give its path with --config PATH or the PACKSERVE_CONFIG environment variable")
        }
        let root = try checkFile(at: path)
        if let unknown = EnvironmentOverrides.unknownVariable(in: environment, keys: defaultValues.keys) {
            throw ConfigurationError("environment variable \(unknown) names no configuration key (see docs/configuration-files.md)")
        }
        // The file as parsed (and shape-checked) above, not parsed a second time by swift-configuration,
        // whose JSON reader cannot hold the arrays of objects of `cache.purge`.
        let file = InMemoryProvider(name: path, values: Self.providerValues(of: root))
        // Environment keys are lower-cased first so that `publicBaseURL` maps to PUBLICBASEURL rather
        // than the provider's camel-case splitting (PUBLIC_BASE_URL), as docs/api.md spells it.
        let env = EnvironmentVariablesProvider(environmentVariables: environment)
            .mapKeys { key in AbsoluteConfigKey(["packserve"] + key.components.map { $0.lowercased() }) }
        let reader = ConfigReader(providers: [env, file, defaults(metricsEnabled: metricsListenGiven(in: root))])
        do throws(ConfigurationError) {
            var config = try read(reader)
            config.cache.purge = purgeEndpoints(in: root)
            config.resolvePaths(relativeTo: fileURL.deletingLastPathComponent())
            config.file = path
            try config.validate()
            try config.checkPublicDirectory()
            return config
        } catch {
            throw error.located(in: path, root: root, environment: environment)
        }
    }

    /// The leaves of a shape-checked config.json under their dotted keys; `cache.purge` (read by
    /// `purgeEndpoints`) and nulls are left out.
    static func providerValues(of root: JSONNode) -> [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        func visit(_ value: JSONNode, _ key: [String]) {
            let content: ConfigContent?
            switch value.kind {
            case .object(let members):
                for member in members where (key + [member.name]).joined(separator: ".") != "cache.purge" {
                    visit(member.value, key + [member.name])
                }
                return
            case .string(let text): content = .string(text)
            case .bool(let flag): content = .bool(flag)
            case .number(let text): content = value.wholeNumber.map(ConfigContent.int) ?? Double(text).map(ConfigContent.double)
            case .array: content = value.strings.map(ConfigContent.stringArray)
            case .null: content = nil
            }
            if let content { values[AbsoluteConfigKey(key)] = ConfigValue(content, isSecret: false) }
        }
        visit(root, [])
        return values
    }

    /// The contract's defaults, as the lowest-priority provider, so every key can be read with the
    /// `required…` methods: those throw (naming the key) on a value of the wrong type, where the
    /// `default:` variants would quietly fall back.
    /// `metricsEnabled`: the default of `metrics.enabled`, which depends on the file (`metricsListenGiven`).
    private static func defaults(metricsEnabled: Bool) -> InMemoryProvider {
        var values = defaultValues
        values["metrics.enabled"] = .bool(metricsEnabled)
        return InMemoryProvider(
            name: "defaults",
            values: Dictionary(uniqueKeysWithValues: values.map {
                (AbsoluteConfigKey(ConfigKey($0.key)), ConfigValue($0.value, isSecret: false))
            }))
    }

    /// Every key config.json may contain (`ConfigurationKeys`), with its default; any other key is a typo
    /// worth stopping for.
    static var defaultValues: [String: ConfigContent] {
        let defaults = PackServeConfiguration()
        return Dictionary(uniqueKeysWithValues: ConfigurationKeys.all.map { ($0.name, $0.content(defaults)) })
    }

    private static func read(_ r: ConfigReader) throws(ConfigurationError) -> PackServeConfiguration {
        var c = PackServeConfiguration()
        do {
            for key in ConfigurationKeys.all { try key.read(r, &c) }
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(oneLine(error))
        }
        return c
    }

    /// Checks the file strictly (`fileShape`) before swift-configuration reads it: RFC 8259 syntax without
    /// trailing commas, no duplicate or unknown key, every value of its key's type. Returns the parsed file.
    /// A refusal is one line `PATH:LINE:COLUMN: problem`, e.g. `config.json:3:17: duplicate key "allowedHosts"`.
    private static func checkFile(at path: String) throws(ConfigurationError) -> JSONNode {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ConfigurationError("cannot read \(path): \(oneLine(error))")
        }
        do {
            return try fileShape.read(bytes)
        } catch {
            throw ConfigurationError("\(path):\(error)")
        }
    }

    static func oneLine(_ error: any Error) -> String {
        "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
