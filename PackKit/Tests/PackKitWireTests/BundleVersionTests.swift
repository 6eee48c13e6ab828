import PackKitWire
import Testing

@Suite struct BundleVersionTests {
    @Test func comparesPartByPart() throws {
        #expect(try #require(BundleVersion("1.10")) > #require(BundleVersion("1.9")))
        #expect(BundleVersion("2") == BundleVersion("2.0.0"))
    }

    @Test(arguments: ["", "1.", ".1", "1.2.3.4", "a", "1.-2", "1234567890123456789", " 1"])
    func refusesWhatIsNotABuild(text: String) {
        #expect(BundleVersion(text) == nil)
    }

    /// A bound stands for every build it is a prefix of.
    @Test(arguments: [
        ("1.10", "2", "1.10.0", true), ("1.10", "2", "2.7", true), ("1.10", "2", "3", false), ("1.10", "2", "1.9.9", false),
        ("", "2.0", "2.0.5", true), ("", "2.0", "2.1", false), ("", "1.9", "1.9.3", true),
    ])
    func admitsByPrefix(min: String, max: String, build: String, admitted: Bool) throws {
        let range = BundleVersionRange(min: BundleVersion(min), max: BundleVersion(max))
        #expect(range.admits(try #require(BundleVersion(build))) == admitted)
    }
}
