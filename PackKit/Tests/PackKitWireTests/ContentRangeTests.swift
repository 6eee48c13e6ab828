import PackKitWire
import Testing

@Suite struct ContentRangeTests {
    @Test(arguments: [
        ("bytes 0-9/10", ContentRange(first: 0, last: 9, completeLength: 10)),
        ("bytes 5-5/*", ContentRange(first: 5, last: 5, completeLength: nil)),
        ("Bytes 100-199/1000", ContentRange(first: 100, last: 199, completeLength: 1000)),
        (" bytes 0-0/1 ", ContentRange(first: 0, last: 0, completeLength: 1)),
    ])
    func parsesSatisfiedRanges(header: String, expected: ContentRange) {
        #expect(ContentRange(header) == expected)
    }

    @Test(arguments: [
        "bytes */1000", "bytes 9-5/10", "bytes 0-10/10", "bytes 0-9", "items 0-9/10", "bytes -1-9/10", "bytes 0-9/x",
        "bytes 0- 9/10", "", "bytes 0-99999999999999999999/*",
    ])
    func refusesMalformedOrUnsatisfiedForms(header: String) {
        #expect(ContentRange(header) == nil)
    }
}
