import ObjectStorage
import Testing

/// The examples of AWS's S3 API reference, "Signature Calculations for the Authorization Header:
/// Transferring Payload in a Single Chunk" (example bucket, key AKIAIOSFODNN7EXAMPLE, 2013-05-24), step by
/// step: canonical request, string to sign, signature, Authorization.
@Suite struct SigV4SignerTests {
    let signer = SigV4Signer(
        credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1")
    let timestamp = "20130524T000000Z"

    /// "Example: GET Object": the first ten bytes of examplebucket/test.txt.
    var getObject: SignableRequest {
        SignableRequest(method: "GET", encodedPath: "/test.txt", headers: [
            ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
            ("x-amz-content-sha256", SigV4Signer.emptyPayloadHash), ("x-amz-date", timestamp),
        ], payloadHash: SigV4Signer.emptyPayloadHash)
    }

    @Test func getObjectCanonicalRequest() {
        #expect(signer.canonicalRequest(getObject) == """
            GET
            /test.txt

            host:examplebucket.s3.amazonaws.com
            range:bytes=0-9
            x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            x-amz-date:20130524T000000Z

            host;range;x-amz-content-sha256;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
    }

    @Test func getObjectStringToSign() {
        #expect(signer.stringToSign(canonicalRequest: signer.canonicalRequest(getObject), timestamp: timestamp) == """
            AWS4-HMAC-SHA256
            20130524T000000Z
            20130524/us-east-1/s3/aws4_request
            7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
            """)
    }

    @Test func getObjectAuthorization() {
        #expect(signer.authorization(getObject, timestamp: timestamp)
            == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
            + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    /// "Example: PUT Object": a key with `$` (encoded %24), a Date field and a storage class among the
    /// signed headers, and the payload's hash.
    @Test func putObjectSignature() {
        let hash = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072"
        let request = SignableRequest(method: "PUT", encodedPath: "/" + S3URIEncoding.encode("test$file.text", keepSlash: true),
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("Date", "Fri, 24 May 2013 00:00:00 GMT"),
                ("x-amz-date", timestamp), ("x-amz-storage-class", "REDUCED_REDUNDANCY"), ("x-amz-content-sha256", hash),
            ], payloadHash: hash)
        #expect(signer.canonicalRequest(request).hasPrefix("PUT\n/test%24file.text\n\ndate:Fri, 24 May 2013 00:00:00 GMT\n"))
        #expect(signer.authorization(request, timestamp: timestamp).hasSuffix(
            "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"))
    }

    /// "Example: GET Bucket Lifecycle": a query parameter without a value signs as `lifecycle=`.
    @Test func getBucketLifecycleSignature() {
        let request = SignableRequest(method: "GET", encodedPath: "/", query: [("lifecycle", "")], headers: [
            ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-date", timestamp),
            ("x-amz-content-sha256", SigV4Signer.emptyPayloadHash),
        ], payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(signer.canonicalRequest(request).hasPrefix("GET\n/\nlifecycle=\n"))
        #expect(signer.authorization(request, timestamp: timestamp).hasSuffix(
            "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"))
    }

    /// "Example: Get Bucket (List Objects)": query parameters sorted by name (`max-keys` before `prefix`).
    @Test func listObjectsSignature() {
        let request = SignableRequest(method: "GET", encodedPath: "/", query: [("prefix", "J"), ("max-keys", "2")], headers: [
            ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-date", timestamp),
            ("x-amz-content-sha256", SigV4Signer.emptyPayloadHash),
        ], payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(signer.canonicalRequest(request).hasPrefix("GET\n/\nmax-keys=2&prefix=J\n"))
        #expect(signer.authorization(request, timestamp: timestamp).hasSuffix(
            "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"))
    }

    /// Changing any signed part changes the signature: the test above is not passing by accident.
    @Test func aDifferentSecretSignsDifferently() {
        var other = signer
        other.credentials.secretAccessKey += "x"
        #expect(other.authorization(getObject, timestamp: timestamp) != signer.authorization(getObject, timestamp: timestamp))
    }

    @Test func headerValuesAreTrimmedAndFolded() {
        let request = SignableRequest(method: "GET", encodedPath: "/k",
            headers: [("X-Amz-Meta-A", "  one   two  "), ("host", "h")], payloadHash: "UNSIGNED-PAYLOAD")
        #expect(signer.canonicalRequest(request) == "GET\n/k\n\nhost:h\nx-amz-meta-a:one two\n\nhost;x-amz-meta-a\nUNSIGNED-PAYLOAD")
    }

    @Test(arguments: [(0, "19700101T000000Z"), (1_369_353_600, "20130524T000000Z"), (1_700_000_000, "20231114T221320Z")])
    func timestamps(seconds: Int, expected: String) {
        #expect(SigV4Signer.timestamp(secondsSince1970: seconds) == expected)
    }
}
