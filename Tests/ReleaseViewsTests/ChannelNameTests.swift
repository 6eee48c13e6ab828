import ReleaseViews
import Testing

@Suite struct ChannelNameTests {
    @Test(arguments: ["production", "beta", "qa-2", "a", String(repeating: "x", count: 32)])
    func acceptsLowercaseNames(_ text: String) {
        #expect(ChannelName(text)?.text == text)
    }

    @Test(arguments: ["", "Beta", "2beta", "-beta", "beta.1", "beta_1", "béta", "beta/x", String(repeating: "x", count: 33)])
    func refusesEverythingElse(_ text: String) {
        #expect(ChannelName(text) == nil)
    }
}
