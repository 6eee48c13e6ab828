import Glibc

/// An access key pair for Signature Version 4. Never from config.json: from a file of two lines
/// `access_key_id=…` and `secret_access_key=…` that only its owner may read (mode 0600 or 0400), or from
/// PACKSERVE_S3_ACCESS_KEY_ID and PACKSERVE_S3_SECRET_ACCESS_KEY.
public struct S3Credentials: Sendable, Equatable {
    public static let accessKeyVariable = "PACKSERVE_S3_ACCESS_KEY_ID"
    public static let secretKeyVariable = "PACKSERVE_S3_SECRET_ACCESS_KEY"

    public var accessKeyID: String
    public var secretAccessKey: String

    public init(accessKeyID: String, secretAccessKey: String) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
    }

    /// The file's keys when a file is named, else the environment's.
    public static func load(file: String?, environment: [String: String]) throws(ObjectStorageError) -> S3Credentials {
        if let file { return try read(file: file) }
        guard let access = environment[accessKeyVariable], !access.isEmpty,
            let secret = environment[secretKeyVariable], !secret.isEmpty
        else {
            throw ObjectStorageError(.credentials,
                "no S3 credentials: set storage.credentialsFile or \(accessKeyVariable) and \(secretKeyVariable)")
        }
        return S3Credentials(accessKeyID: access, secretAccessKey: secret)
    }

    /// Reads a credentials file, refusing one that group or others may read or write.
    public static func read(file: String) throws(ObjectStorageError) -> S3Credentials {
        var status = stat()
        guard stat(file, &status) == 0 else {
            throw ObjectStorageError(.credentials, "cannot read \(file): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw ObjectStorageError(.credentials, "\(file) has mode \(mode); it holds a secret key, so it must be 0600 (chmod 600 \(file))")
        }
        guard let handle = fopen(file, "r") else {
            throw ObjectStorageError(.credentials, "cannot read \(file): \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 65536 {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return try parse(String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// `access_key_id=…` and `secret_access_key=…`, once each; blank lines and `#` comments are allowed,
    /// anything else is refused (a typo must not leave a key silently unset).
    public static func parse(_ text: String, file: String) throws(ObjectStorageError) -> S3Credentials {
        var values: [String: String] = [:]
        // By Character: "\r\n" is one, so a file written on Windows splits into its lines too.
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingSuffix { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ObjectStorageError(.credentials, "\(file):\(index + 1): expected name=value")
            }
            let name = line[..<equals].trimmingSuffix { $0 == " " }
            let value = String(line[line.index(after: equals)...])
            guard name == "access_key_id" || name == "secret_access_key" else {
                throw ObjectStorageError(.credentials,
                    "\(file):\(index + 1): unknown name \"\(name)\" (access_key_id or secret_access_key)")
            }
            guard values[String(name)] == nil else {
                throw ObjectStorageError(.credentials, "\(file):\(index + 1): \(name) given twice")
            }
            guard !value.isEmpty else { throw ObjectStorageError(.credentials, "\(file):\(index + 1): \(name) is empty") }
            values[String(name)] = value
        }
        guard let access = values["access_key_id"], let secret = values["secret_access_key"] else {
            throw ObjectStorageError(.credentials, "\(file): needs both access_key_id= and secret_access_key=")
        }
        return S3Credentials(accessKeyID: access, secretAccessKey: secret)
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
