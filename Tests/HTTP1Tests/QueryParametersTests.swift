import HTTP1
import Testing

@Suite struct QueryParametersTests {
    @Test func repeatedNamesKeepEveryValueInOrder() {
        let query = QueryParameters("tag=levels&tag=forest&platform=ios&tag=levels")
        #expect(query.values(named: "tag") == ["levels", "forest", "levels"])
        #expect(query.values(named: "platform") == ["ios"])
        #expect(query.values(named: "missing") == [])
    }

    @Test(arguments: [
        ("tag=hd%2Ev2", "hd.v2"), ("tag=a+b", "a b"), ("tag=%E2%82%AC", "€"), ("tag=%41%62", "Ab"), ("tag=", ""),
        ("tag", ""), ("tag=a=b", "a=b"), ("tag=%2f", "/"),
    ])
    func valuesArePercentDecoded(query: String, value: String) {
        #expect(QueryParameters(query).values(named: "tag") == [value])
    }

    @Test(arguments: ["tag=%", "tag=%4", "tag=%zz", "tag=%C3", "%ZZ=x"])
    func malformedEscapesMakeTheQueryUnreadable(query: String) {
        #expect(QueryParameters(query).values(named: "tag") == nil)
    }

    @Test func noQueryHasNoParameters() {
        #expect(QueryParameters(nil).values(named: "tag") == [])
        #expect(QueryParameters("").values(named: "tag") == [])
        #expect(QueryParameters("&&").values(named: "tag") == [])
    }
}
