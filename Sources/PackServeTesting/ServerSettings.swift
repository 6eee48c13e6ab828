import Foundation

/// A config.json for one test server: loopback, port 0, everything inside a temporary directory, short
/// timeouts. `overrides` replaces top-level keys (whole objects), as in a hand-written config.json. Shared by
/// the in-process server and the end-to-end tests' binary, so both are configured alike.
public struct ServerSettings {
    public var publicDirectory: String
    public var dataDirectory: String
    public var overrides: [String: any Sendable]

    public init(publicDirectory: String, dataDirectory: String, overrides: [String: any Sendable] = [:]) {
        self.publicDirectory = publicDirectory
        self.dataDirectory = dataDirectory
        self.overrides = overrides
    }

    public var json: [String: Any] {
        var config: [String: Any] = [
            "listen": ["host": "127.0.0.1", "port": 0],
            "publicBaseURL": "http://127.0.0.1",
            "allowedHosts": ["localhost", "127.0.0.1"],
            "dataDirectory": dataDirectory,
            "publicDirectory": publicDirectory,
            "signing": ["privateKey": "\(dataDirectory)/keys/manifest-signing.key", "generateIfMissing": true],
            "limits": ["headerTimeoutSeconds": 5, "idleTimeoutSeconds": 10, "maxRanges": 16],
            "logLevel": "info",
        ]
        for (key, value) in overrides { config[key] = value }
        return config
    }

    /// Writes the configuration to `path`.
    public func write(to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
