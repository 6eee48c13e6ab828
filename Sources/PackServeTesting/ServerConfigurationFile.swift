import Foundation

/// The config.json an in-process server is loaded from, as the binary would load it: loopback, port 0,
/// every path inside the test's own directory, short timeouts, the access log in a file. `overrides`
/// replaces top-level keys (whole objects), as in a hand-written config.json.
struct ServerConfigurationFile {
    var directory: ScratchDirectory
    var overrides: [String: any Sendable]

    var dataDirectory: String { directory.file("data") }
    var publicDirectory: String { directory.file("public") }

    var json: [String: Any] {
        var config: [String: Any] = [
            "listen": ["host": "127.0.0.1", "port": 0],
            "publicBaseURL": "http://127.0.0.1",
            "allowedHosts": ["localhost", "127.0.0.1"],
            "dataDirectory": dataDirectory,
            "publicDirectory": publicDirectory,
            "signing": ["privateKey": "\(dataDirectory)/keys/manifest-signing.key", "generateIfMissing": true],
            "limits": ["headerTimeoutSeconds": 5, "idleTimeoutSeconds": 10, "maxRanges": 16],
            "accessLog": ["format": "combined", "path": directory.file("access.log")],
            "logLevel": "info",
        ]
        for (key, value) in overrides { config[key] = value }
        return config
    }

    /// Writes the file and returns its path.
    func write() throws -> String {
        let path = directory.file("config.json")
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }
}
