import PackKitWire
import Testing

/// `CFBundleVersion` as Apple defines it: one to three period-separated integers, compared part by part.
@Suite struct AppBuildTests {
    @Test(arguments: [
        ("1.10", "1.9", true), ("1.9.3", "1.9", true), ("2", "1.99.99", true), ("1.0.1", "1", true),
        ("10", "9.9.9", true), ("1.9", "1.10", false), ("2", "2.0", false), ("2.0.0", "2", false),
    ])
    func ordersNumericallyPartByPart(_ left: String, _ right: String, _ isGreater: Bool) throws {
        #expect((try AppBuild(parsing: left) > AppBuild(parsing: right)) == isGreater)
    }

    @Test(arguments: [("2", "2.0"), ("2", "2.0.0"), ("1.01", "1.1"), ("0", "0.0.0")])
    func equalBuildsAreOnePoint(_ left: String, _ right: String) throws {
        let (a, b) = (try AppBuild(parsing: left), try AppBuild(parsing: right))
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
    }

    @Test func keepsHowManyPartsWereGiven() throws {
        #expect(try AppBuild(parsing: "2").description == "2")
        #expect(try AppBuild(parsing: "2.0").description == "2.0")
        #expect(try AppBuild(parsing: "1.01.007").description == "1.1.7")
        #expect(try AppBuild(parsing: "20261128153000").point == BuildPoint(20_261_128_153_000, 0, 0))
    }

    @Test(arguments: ["", "abc", "1.", ".1", "1..2", "1.2.3.4", "-1", "1.a", " 1", "1 ", "1,2", "١", "+1", "0x10"])
    func refusesWhatIsNotABuild(_ text: String) {
        #expect(throws: AppBuildError.self) { try AppBuild(parsing: text) }
    }

    @Test func refusesPartsLongerThanEighteenDigits() throws {
        let eighteen = String(repeating: "9", count: 18)
        #expect(try AppBuild(parsing: "\(eighteen).\(eighteen).\(eighteen)").pointAfterPrefix.patch == 1_000_000_000_000_000_000)
        #expect(throws: AppBuildError.partTooLong("1\(eighteen)")) { try AppBuild(parsing: "1\(eighteen)") }
    }

    @Test func refusalsAreOneLineNamingTheInput() {
        #expect(throws: AppBuildError.malformed("abc")) { try AppBuild(parsing: "abc") }
        #expect(AppBuildError.malformed("abc").description
            == "'abc' is not a build: give one to three period-separated numbers, such as 1.10 or 42 (CFBundleVersion)")
        #expect(!AppBuildError.empty.description.contains("\n"))
    }

    @Test(arguments: [("1.9", "1.10.0"), ("2", "3.0.0"), ("2.0", "2.1.0"), ("1.9.3", "1.9.4")])
    func thePointAfterAPrefixIsWhereItsBuildsEnd(_ text: String, _ after: String) throws {
        #expect(try AppBuild(parsing: text).pointAfterPrefix.description == after)
    }

    @Test func pointsReadBackOnlyInTheirOwnForm() {
        #expect(BuildPoint(exactly: "1.10.0") == BuildPoint(1, 10, 0))
        #expect(BuildPoint(exactly: "1.10") == nil)
        #expect(BuildPoint(exactly: "1.10.0.0") == nil)
    }
}
