@testable import PackServer
import Sockets
import Testing

/// The hourly cap on device reports per client network (docs/rollouts.md "Reports").
@Suite struct ReportNetworkCapTests {
    @Test func aNetworkIsItsSlash24OrSlash48() {
        let cap = ReportNetworkCap(perHour: 2)
        #expect(cap.admit(address: address("10.0.0.1"), hour: 1) && cap.admit(address: address("10.0.0.200"), hour: 1))
        #expect(!cap.admit(address: address("10.0.0.77"), hour: 1), "the third from one /24")
        #expect(cap.admit(address: address("10.0.1.1"), hour: 1), "the next /24 is another network")
        #expect(cap.admit(address: address("2001:db8:1:1::1"), hour: 1) && cap.admit(address: address("2001:db8:1:ffff::2"), hour: 1))
        #expect(!cap.admit(address: address("2001:db8:1:42::3"), hour: 1), "the third from one /48")
        #expect(!cap.admit(address: address("::ffff:10.0.0.9"), hour: 1), "an IPv4-mapped address is its IPv4 network")
        #expect(cap.admit(address: address("10.0.0.1"), hour: 2), "a new hour, a new count")
    }

    @Test func pastItsNetworksNewOnesWaitForTheNextHour() {
        let cap = ReportNetworkCap(perHour: 5, maxNetworks: 2)
        #expect(cap.admit(address: address("10.0.0.1"), hour: 7) && cap.admit(address: address("10.0.1.1"), hour: 7))
        #expect(!cap.admit(address: address("10.0.2.1"), hour: 7), "a third network is not tracked")
        #expect(cap.admit(address: address("10.0.0.2"), hour: 7), "the ones tracked go on")
        #expect(cap.admit(address: address("10.0.2.1"), hour: 8))
    }

    private func address(_ text: String) -> IPAddress {
        guard let address = IPAddress(text) else { preconditionFailure("\(text) is not an address") }
        return address
    }
}
