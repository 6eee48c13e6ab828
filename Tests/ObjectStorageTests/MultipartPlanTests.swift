import ObjectStorage
import Testing

@Suite struct MultipartPlanTests {
    @Test func partsCoverTheFileInOrder() {
        let parts = MultipartPlan.parts(size: 150 * 1024 * 1024, partSize: 16 * 1024 * 1024)
        #expect(parts.count == 10)
        #expect(parts.map(\.number) == Array(1...10))
        #expect(parts.last!.length == 6 * 1024 * 1024)
        #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.offset + $0.length == $1.offset })
        #expect(parts.reduce(0) { $0 + $1.length } == 150 * 1024 * 1024)
    }

    @Test func atMostTenThousandParts() {
        let parts = MultipartPlan.parts(size: 100_000 * 5 * 1024 * 1024, partSize: 5 * 1024 * 1024)
        #expect(parts.count <= 10_000)
        #expect(parts.reduce(0) { $0 + $1.length } == 100_000 * 5 * 1024 * 1024)
    }

    @Test func anEmptyFileHasNoParts() {
        #expect(MultipartPlan.parts(size: 0, partSize: 5).isEmpty)
    }
}
