import ReleaseViews
import Testing

@Suite struct ServedFloorTests {
    @Test func risesWithWhatViewsServedAtOrBelowEachBuild() {
        let floor = ServedFloor(everywhere: 2).raised(by: [(.zero, 3), (BuildPoint(1, 10, 0), 5)])
        #expect(floor.value(at: .zero) == 3)
        #expect(floor.value(at: BuildPoint(1, 9, 9)) == 3)
        #expect(floor.value(at: BuildPoint(1, 10, 0)) == 5)
        #expect(floor.highest(below: BuildPoint(1, 10, 0)) == 3)
        #expect(floor.highest(below: nil) == 5)
        #expect(floor.description == "3@0.0.0,5@1.10.0")
    }

    @Test func aLowerViewServingMoreRaisesEveryBuildAboveIt() {
        let floor = ServedFloor.none.raised(by: [(.zero, 6), (BuildPoint(1, 10, 0), 4)])
        #expect(floor.value(at: BuildPoint(2, 0, 0)) == 6)
        #expect(floor.steps.count == 1)
    }

    @Test func neverFallsWhereNothingIsServedNow() {
        let floor = ServedFloor.none.raised(by: [(BuildPoint(1, 10, 0), 4)]).raised(by: [(.zero, 1)])
        #expect(floor.value(at: BuildPoint(1, 10, 0)) == 4)
        #expect(floor.value(at: .zero) == 1)
    }

    @Test func readsBackWhatItStores() {
        let floor = ServedFloor.none.raised(by: [(.zero, 3), (BuildPoint(1, 10, 0), 5)])
        #expect(ServedFloor(stored: Substring(floor.description)) == floor)
        #expect(ServedFloor(stored: "") == ServedFloor.none)
    }

    @Test(arguments: ["3", "3@1.0", "0@0.0.0", "5@1.0.0,3@2.0.0", "3@2.0.0,5@1.0.0", "3@0.0.0,", "x@0.0.0", "3@0.0.0,3@1.0.0"])
    func refusesStoredTextThatDoesNotRise(_ text: String) {
        #expect(ServedFloor(stored: Substring(text)) == nil)
    }
}
