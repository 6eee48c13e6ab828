import Configuration
import Foundation
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
            throw ConfigurationError("environment variable \(unknown) names no configuration key (see README \"Configuration\")")
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
    static func providerValues(of root: JSONValue) -> [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        func visit(_ value: JSONValue, _ key: [String]) {
            let content: ConfigContent?
            switch value.kind {
            case .object(let members):
                for member in members where (key + [member.name]).joined(separator: ".") != "cache.purge" {
                    visit(member.value, key + [member.name])
                }
                return
            case .string(let text): content = .string(text)
            case .bool(let flag): content = .bool(flag)
            case .number: content = value.wholeNumber.map(ConfigContent.int)
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

    /// Every key config.json may contain, with its default; any other key is a typo worth stopping for.
    static var defaultValues: [String: ConfigContent] {
        let d = PackServeConfiguration()
        return [
            "listen.host": .string(d.listen.host), "listen.port": .int(d.listen.port),
            "publicBaseURL": .string(d.publicBaseURL), "allowedHosts": .stringArray(d.allowedHosts),
            "dataDirectory": .string(d.dataDirectory), "publicDirectory": .string(d.publicDirectory),
            "signing.privateKey": .string(d.signing.privateKey),
            "signing.generateIfMissing": .bool(d.signing.generateIfMissing),
            "signing.manifestLifetimeHours": .int(d.signing.manifestLifetimeHours),
            "signing.manifestLifetimeSeconds": .int(d.signing.manifestLifetimeSeconds),
            "signing.additionalPublicKeys": .stringArray(d.signing.additionalPublicKeys),
            "manifest.packURLs": .string(d.packURLs.rawValue),
            "limits.maxPackBytes": .int(Int(d.limits.maxPackBytes)), "limits.maxRanges": .int(d.limits.maxRanges),
            "limits.maxHeaderBytes": .int(d.limits.maxHeaderBytes),
            "limits.headerTimeoutSeconds": .int(d.limits.headerTimeoutSeconds),
            "limits.idleTimeoutSeconds": .int(d.limits.idleTimeoutSeconds),
            "limits.writeTimeoutSeconds": .int(d.limits.writeTimeoutSeconds),
            "limits.maxConnections": .int(d.limits.maxConnections),
            "limits.maxEssentialBytes": .int(Int(d.limits.maxEssentialBytes)), "logLevel": .string(d.logLevel),
            "limits.maxAdminBodyBytes": .int(d.limits.maxAdminBodyBytes), "limits.maxUploads": .int(d.limits.maxUploads),
            "limits.maxUploadsPerToken": .int(d.limits.maxUploadsPerToken),
            "limits.uploadMinBytesPerSecond": .int(d.limits.uploadMinBytesPerSecond),
            "limits.uploadWindowSeconds": .int(d.limits.uploadWindowSeconds),
            "sampleCatalog": .bool(d.sampleCatalog),
        ].merging(tlsDefaultValues) { $1 }.merging(accessLogDefaultValues) { $1 }.merging(metricsDefaultValues) { $1 }
            .merging(adminDefaultValues) { $1 }.merging(cacheDefaultValues) { $1 }.merging(proxyDefaultValues) { $1 }
            .merging(catalogDefaultValues) { $1 }
    }

    private static func read(_ r: ConfigReader) throws(ConfigurationError) -> PackServeConfiguration {
        var c = PackServeConfiguration()
        do {
            c.listen.host = try r.requiredString(forKey: "listen.host")
            c.listen.port = try r.requiredInt(forKey: "listen.port")
            c.publicBaseURL = try r.requiredString(forKey: "publicBaseURL")
            c.allowedHosts = try r.requiredStringArray(forKey: "allowedHosts")
            c.dataDirectory = try r.requiredString(forKey: "dataDirectory")
            c.publicDirectory = try r.requiredString(forKey: "publicDirectory")
            c.signing.privateKey = try r.requiredString(forKey: "signing.privateKey")
            c.signing.generateIfMissing = try r.requiredBool(forKey: "signing.generateIfMissing")
            c.signing.manifestLifetimeHours = try r.requiredInt(forKey: "signing.manifestLifetimeHours")
            c.signing.manifestLifetimeSeconds = try r.requiredInt(forKey: "signing.manifestLifetimeSeconds")
            c.signing.additionalPublicKeys = try r.requiredStringArray(forKey: "signing.additionalPublicKeys")
            let style = try r.requiredString(forKey: "manifest.packURLs")
            guard let packURLs = PackURLStyle(rawValue: style) else {
                throw ConfigurationError.key("manifest.packURLs", "must be \"blobs\" or \"packs\", not \"\(style)\"")
            }
            c.packURLs = packURLs
            c.limits.maxPackBytes = Int64(try r.requiredInt(forKey: "limits.maxPackBytes"))
            c.limits.maxRanges = try r.requiredInt(forKey: "limits.maxRanges")
            c.limits.maxHeaderBytes = try r.requiredInt(forKey: "limits.maxHeaderBytes")
            c.limits.headerTimeoutSeconds = try r.requiredInt(forKey: "limits.headerTimeoutSeconds")
            c.limits.idleTimeoutSeconds = try r.requiredInt(forKey: "limits.idleTimeoutSeconds")
            c.limits.writeTimeoutSeconds = try r.requiredInt(forKey: "limits.writeTimeoutSeconds")
            c.limits.maxConnections = try r.requiredInt(forKey: "limits.maxConnections")
            c.limits.maxEssentialBytes = Int64(try r.requiredInt(forKey: "limits.maxEssentialBytes"))
            c.limits.maxAdminBodyBytes = try r.requiredInt(forKey: "limits.maxAdminBodyBytes")
            c.limits.maxUploads = try r.requiredInt(forKey: "limits.maxUploads")
            c.limits.maxUploadsPerToken = try r.requiredInt(forKey: "limits.maxUploadsPerToken")
            c.limits.uploadMinBytesPerSecond = try r.requiredInt(forKey: "limits.uploadMinBytesPerSecond")
            c.limits.uploadWindowSeconds = try r.requiredInt(forKey: "limits.uploadWindowSeconds")
            c.logLevel = try r.requiredString(forKey: "logLevel")
            c.sampleCatalog = try r.requiredBool(forKey: "sampleCatalog")
            try c.readTLS(r)
            try c.readAccessLog(r)
            try c.readMetrics(r)
            try c.readAdmin(r)
            try c.readCache(r)
            try c.readProxies(r)
            try c.readCatalog(r)
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
    private static func checkFile(at path: String) throws(ConfigurationError) -> JSONValue {
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
