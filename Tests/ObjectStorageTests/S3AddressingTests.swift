import Foundation
import ObjectStorage
import Testing

@Suite struct S3AddressingTests {
    func configuration(_ endpoint: String, addressing: S3Addressing, bucket: String = "packs") -> S3Configuration {
        S3Configuration(endpoint: URL(string: endpoint)!, bucket: bucket, addressing: addressing,
            credentials: S3Credentials(accessKeyID: "a", secretAccessKey: "b"))
    }

    @Test func pathStyleNamesTheBucketInThePath() throws {
        let location = try configuration("http://127.0.0.1:7480", addressing: .pathStyle)
            .location(key: "releases/1/a b.json", query: [("x", "1")])
        #expect(location.url.absoluteString == "http://127.0.0.1:7480/packs/releases/1/a%20b.json?x=1")
        #expect(location.encodedPath == "/packs/releases/1/a%20b.json")
    }

    @Test func pathStyleBucketRequestsHaveNoTrailingSlash() throws {
        let location = try configuration("http://127.0.0.1:7480/", addressing: .pathStyle)
            .location(key: nil, query: [("list-type", "2")])
        #expect(location.url.absoluteString == "http://127.0.0.1:7480/packs?list-type=2")
    }

    @Test func virtualHostedNamesTheBucketInTheHost() throws {
        let config = configuration("https://s3.example.com", addressing: .virtualHosted)
        #expect(try config.location(key: "current.json").url.absoluteString == "https://packs.s3.example.com/current.json")
        #expect(try config.location(key: nil).encodedPath == "/")
    }

    @Test func anEndpointPathIsKept() throws {
        let location = try configuration("http://[::1]:9000/s3", addressing: .pathStyle).location(key: "k")
        #expect(location.url.absoluteString == "http://[::1]:9000/s3/packs/k")
        #expect(location.encodedPath == "/s3/packs/k")
    }

    @Test func aBucketThatIsNoHostLabelIsRefusedForVirtualHosting() {
        #expect(throws: ObjectStorageError.self) {
            try configuration("https://s3.example.com", addressing: .virtualHosted, bucket: "Packs_1").location(key: "k")
        }
    }

    @Test func anEndpointThatIsNotHTTPIsRefused() {
        #expect(throws: ObjectStorageError.self) {
            try configuration("ftp://127.0.0.1", addressing: .pathStyle).location(key: "k")
        }
    }
}
