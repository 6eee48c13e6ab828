import Foundation

extension PackServeConfiguration {
    /// `storage`: where releases are published besides the data directory (docs/object-storage.md). `local`
    /// keeps everything in the data directory, as a single server needs; `s3` also publishes every release to
    /// an S3-compatible bucket, which replicas and static hosts read. The index and blobs stay local either way.
    public struct Storage: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            case local, s3
        }

        /// How the bucket is named in requests: in the path (RGW, MinIO) or in the host name (AWS's default).
        public enum Addressing: String, Sendable, Equatable, CaseIterable {
            case path, virtual
        }

        public var type = Kind.local
        public var endpoint = ""
        public var bucket = ""
        public var region = "us-east-1"
        /// A key prefix for every object (`""`: the bucket's root), so one bucket can hold several catalogs.
        public var prefix = ""
        public var addressing = Addressing.path
        /// Two lines, `access_key_id=…` and `secret_access_key=…`, mode 0600; empty: the
        /// `PACKSERVE_S3_ACCESS_KEY_ID` and `PACKSERVE_S3_SECRET_ACCESS_KEY` variables.
        public var credentialsFile = ""
        /// PEM certificates to trust for an `https` endpoint with a private CA; empty: the system's.
        public var caFile = ""
        /// `gc` never removes a bucket object a release published this recently names.
        public var retainSeconds = 86_400
    }

    /// `replica`: a server with no index and no key that serves what a publisher put in the bucket
    /// (docs/object-storage.md "Replicas").
    public struct Replica: Sendable, Equatable {
        public var enabled = false
        /// The local content-addressed copy of the blobs it serves.
        public var cacheDirectory = ".packserve/cache"
        public var cacheMaxBytes: Int64 = 107_374_182_400
        /// How often `current.json` is asked for (a conditional GET).
        public var pollSeconds = 1
        /// Publisher side: how far ahead of now a new pointer's `notBefore` is set, the time replicas have to
        /// copy a release before all of them go live with it at once.
        public var prepareSeconds = 30
        /// Where a replica forwards its devices' report counts each minute (the publisher's base URL, whose
        /// admin API takes `POST /admin/reports`); empty: the replica takes no reports.
        public var publisherURL = ""
        /// A file holding the token, with the `reports` scope, the forwards carry (kept out of config.json).
        public var publisherTokenFile = ""
        /// PEM certificates to trust for an HTTPS `publisherURL` instead of the system's.
        public var publisherCAFile = ""
    }

    func validateStorage() throws(ConfigurationError) {
        if storage.type == .s3 || replica.enabled {
            let url = URL(string: storage.endpoint)
            guard let scheme = url?.scheme?.lowercased(), scheme == "http" || scheme == "https", url?.host != nil else {
                throw .key("storage.endpoint", "must be the http(s) URL of the object store, not \"\(storage.endpoint)\"")
            }
            // S3 bucket names: 3–63 lowercase letters, digits, dots and hyphens.
            guard (3...63).contains(storage.bucket.count),
                storage.bucket.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == ".") })
            else { throw .key("storage.bucket", "must be an S3 bucket name (3–63 of a-z, 0-9, '.', '-'), not \"\(storage.bucket)\"") }
        }
        guard !storage.prefix.hasPrefix("/"), !storage.prefix.split(separator: "/").contains("..") else {
            throw .key("storage.prefix", "must be a relative key prefix such as \"catalog/\", not \"\(storage.prefix)\"")
        }
        if replica.enabled && storage.type != .s3 {
            throw .key("replica.enabled", "a replica reads releases from a bucket: set storage.type to \"s3\"")
        }
    }
}
