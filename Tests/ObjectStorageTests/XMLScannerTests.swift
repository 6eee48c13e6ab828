import ObjectStorage
import Testing

@Suite struct XMLScannerTests {
    func parse(_ text: String) throws -> XMLElement { try XMLScanner.parse(Array(text.utf8)) }

    @Test func elementsTextAndNamespacedRoot() throws {
        let root = try parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- listing -->
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Contents><Key>a</Key></Contents>\
            <Contents><Key>b</Key></Contents><Empty/><s3:Prefixed a='1'>p</s3:Prefixed></ListBucketResult>
            """)
        #expect(root.name == "ListBucketResult")
        #expect(root.text(of: "Name") == "b")
        #expect(root.children("Contents").map { $0.text(of: "Key") } == ["a", "b"])
        #expect(root.child("Empty") == XMLElement(name: "Empty"))
        #expect(root.text(of: "Prefixed") == "p")
    }

    @Test func entitiesCharacterReferencesAndCDATA() throws {
        let root = try parse("<K>&lt;a&gt; &amp; &quot;&apos; &#233;&#x41;<![CDATA[<raw&>]]></K>")
        #expect(root.text == "<a> & \"' éA<raw&>")
    }

    @Test func anETagWithQuotesAsRGWSendsIt() throws {
        #expect(try parse("<R><ETag>&quot;9b2cf535f27731c974343645a3985328&quot;</ETag></R>").text(of: "ETag")
            == "\"9b2cf535f27731c974343645a3985328\"")
    }

    @Test(arguments: [
        "", "plain text", "<a>", "<a></b>", "<a><b></a></b>", "<a>&unknown;</a>", "<a>&#0;</a>", "<a>&#xD800;</a>",
        "<a></a><b></b>", "<a></a>trailing", "<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>", "<a b></a>", "<a b=c></a>",
        "<a><![CDATA[x</a>", "<a><!-- x</a>", "<a>&amp</a>", "<>", "</a>", "<a/", "<\u{0}:/>", "<a:></a:>",
    ])
    func malformedDocumentsThrow(text: String) {
        #expect(throws: XMLScanError.self) { try parse(text) }
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        #expect(throws: XMLScanError.self) { try parse(deep) }
        let fine = String(repeating: "<a>", count: 30) + String(repeating: "</a>", count: 30)
        #expect(throws: Never.self) { try parse(fine) }
    }

    /// Every prefix and every one-byte change of a real answer either parses or throws; none traps (a
    /// small in-process fuzz, deterministic).
    @Test func truncationsAndMutationsNeverTrap() {
        let document = Array("""
            <?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>true</IsTruncated>\
            <Contents><Key>k&amp;1</Key><Size>5</Size><ETag>&quot;e&quot;</ETag></Contents>\
            <NextContinuationToken>t</NextContinuationToken></ListBucketResult>
            """.utf8)
        for end in 0...document.count { _ = try? XMLScanner.parse(Array(document[0..<end])) }
        var generator = SystemRandomNumberGenerator()
        for index in document.indices {
            var mutated = document
            mutated[index] = [0x3C, 0x3E, 0x26, 0x2F, 0x00, 0xFF, 0x3B, UInt8.random(in: 0...255, using: &generator)][index % 8]
            _ = try? XMLScanner.parse(mutated)
        }
    }

    @Test func listPage() throws {
        let page = try S3ListPage(xml: Array("""
            <ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a b</Key><Size>12</Size>\
            <ETag>&quot;x&quot;</ETag><LastModified>2026-01-01T00:00:00.000Z</LastModified></Contents>\
            <NextContinuationToken>1/abc=</NextContinuationToken></ListBucketResult>
            """.utf8))
        #expect(page.objects == [S3ObjectSummary(key: "a b", size: 12, etag: "\"x\"", lastModified: "2026-01-01T00:00:00.000Z")])
        #expect(page.nextContinuationToken == "1/abc=")
        let last = try S3ListPage(xml: Array("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>".utf8))
        #expect(last == S3ListPage(objects: [], nextContinuationToken: nil))
    }

    @Test func aTruncatedPageWithoutTokenIsRefused() {
        #expect(throws: ObjectStorageError.self) {
            try S3ListPage(xml: Array("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>".utf8))
        }
    }

    @Test func errorDocument() {
        let document = S3ErrorDocument(xml: Array(
            "<?xml version=\"1.0\"?><Error><Code>NoSuchKey</Code><Message>gone</Message><RequestId>1</RequestId></Error>".utf8))
        #expect(document == S3ErrorDocument(xml: Array("<Error><Code>NoSuchKey</Code><Message>gone</Message></Error>".utf8)))
        #expect(document?.code == "NoSuchKey")
        #expect(S3ErrorDocument(xml: Array("<html>502</html>".utf8)) == nil)
        #expect(S3ErrorDocument(xml: []) == nil)
    }
}
