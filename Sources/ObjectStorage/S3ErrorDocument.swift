/// The `<Error><Code>…</Code><Message>…</Message></Error>` body of a failed request (S3 API reference,
/// "Error responses"); also what CompleteMultipartUpload may answer with status 200.
public struct S3ErrorDocument: Sendable, Equatable {
    public var code: String
    public var message: String

    /// nil when the body is not an S3 error document (a proxy's HTML page, an empty HEAD answer).
    public init?(xml: [UInt8]) {
        guard let root = try? XMLScanner.parse(xml), root.name == "Error" else { return nil }
        code = root.text(of: "Code") ?? ""
        message = root.text(of: "Message") ?? ""
    }
}
