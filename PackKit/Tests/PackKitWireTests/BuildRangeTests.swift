import PackKitWire
import Testing

/// A release's range: bounds with fewer parts stand for every build they are a prefix of.
@Suite struct BuildRangeTests {
    private func range(_ min: String?, _ max: String?) throws -> BuildRange { try BuildRange(min: min, max: max) }
    private func build(_ text: String) throws -> AppBuild { try AppBuild(parsing: text) }

    @Test(arguments: [
        (nil, "1.9", "1.9.3", true), (nil, "1.9", "1.9.99", true), (nil, "1.9", "1.10", false),
        (nil, "2", "2.7", true), (nil, "2.0", "2.7", false), (nil, "2.0", "2.0.9", true), (nil, "2", "3", false),
        ("1.10", nil, "1.10.0", true), ("1.10", nil, "1.9.9", false), ("1.10", nil, "7", true),
        ("1.9.3", "1.9", "1.9.3", true), ("1.9.3", "1.9", "1.9.2", false), ("1.9.3", "1.9", "1.9.9", true),
        (nil, nil, "0", true),
    ] as [(String?, String?, String, Bool)])
    func admitsByPrefix(_ min: String?, _ max: String?, _ candidate: String, _ admitted: Bool) throws {
        #expect(try range(min, max).admits(build(candidate)) == admitted)
    }

    @Test(arguments: [("2", "1.9"), ("1.10", "1.9"), ("2.1", "2.0"), ("3", "2")])
    func refusesAMinimumAboveTheMaximum(_ min: String, _ max: String) {
        #expect(throws: AppBuildError.minAboveMax(min: min, max: max)) { try BuildRange(min: min, max: max) }
    }

    @Test func aMinimumEqualToTheMaximumAdmitsThatPrefix() throws {
        let only = try range("2", "2")
        #expect(only.admits(try build("2.5")))
        #expect(!only.admits(try build("3")))
    }

    @Test func emptyTextsAreNoBound() throws {
        #expect(try range("", nil) == .all)
        #expect(try range(nil, "") .isAll)
    }

    @Test func malformedBoundsAreRefused() {
        #expect(throws: AppBuildError.malformed("1.x")) { try BuildRange(min: "1.x", max: nil) }
    }

    @Test func boundsWithOtherPartsAreOtherRanges() throws {
        #expect(try range(nil, "2") != range(nil, "2.0"))
        #expect(try range("1.10", nil) == range("1.10", nil))
        #expect(try range("1.10", "2").description == "1.10 … 2")
        #expect(try range(nil, "1.9").description == "≤ 1.9")
    }
}
