/// How a bucket is named in a request (S3 user guide, "Virtual hosting of buckets"): in the path
/// (`http://host/bucket/key`, what RGW and MinIO take without DNS set up) or in the host name
/// (`http://bucket.host/key`, AWS's default).
public enum S3Addressing: String, Sendable, Equatable, Codable {
    case pathStyle = "path"
    case virtualHosted = "virtual"
}
