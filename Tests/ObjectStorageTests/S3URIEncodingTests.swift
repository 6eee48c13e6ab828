import ObjectStorage
import Testing

@Suite struct S3URIEncodingTests {
    @Test(arguments: [
        ("abc-._~XYZ019", false, "abc-._~XYZ019"),
        ("a b", false, "a%20b"),
        ("blobs/sha256/ab", true, "blobs/sha256/ab"),
        ("blobs/sha256/ab", false, "blobs%2Fsha256%2Fab"),
        ("a+b=c&d", true, "a%2Bb%3Dc%26d"),
        ("é", true, "%C3%A9"),
        ("*", true, "%2A"),
    ])
    func encoding(text: String, keepSlash: Bool, expected: String) {
        #expect(S3URIEncoding.encode(text, keepSlash: keepSlash) == expected)
    }

    @Test func queriesAreSortedByNameThenValueAndEncoded() {
        #expect(S3URIEncoding.canonicalQuery([("prefix", "a/b"), ("list-type", "2"), ("continuation-token", "x+y=")])
            == "continuation-token=x%2By%3D&list-type=2&prefix=a%2Fb")
        #expect(S3URIEncoding.canonicalQuery([("uploads", "")]) == "uploads=")
        #expect(S3URIEncoding.canonicalQuery([("a", "2"), ("a", "1")]) == "a=1&a=2")
    }
}
