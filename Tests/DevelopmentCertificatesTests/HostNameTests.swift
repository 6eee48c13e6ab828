import DevelopmentCertificates
import Testing

/// Turning `--host` arguments into subjectAltName entries, and the hosts used when none are given.
@Suite struct HostNameTests {
    @Test func literalsBecomeAddressesAndEverythingElseDNSNames() throws {
        #expect(try HostName(parsing: "192.168.1.20") == .ipAddress([192, 168, 1, 20]))
        #expect(try HostName(parsing: "::1") == .ipAddress([UInt8](repeating: 0, count: 15) + [1]))
        #expect(try HostName(parsing: "[::1]") == HostName(parsing: "::1"))
        #expect(try HostName(parsing: "Assets.Example.TEST.") == .dns("assets.example.test"))
        #expect(try HostName(parsing: "*.example.test") == .dns("*.example.test"))
        #expect(try HostName(parsing: "localhost") == .dns("localhost"))
        // Addresses are compared and printed in their canonical form.
        #expect(try HostName(parsing: "2001:DB8:0:0::7").description == "2001:db8::7")
    }

    @Test(arguments: ["", "bad host", "-x.example", "a..b", "fe80::1%eth0", "1:2:3", "under_score.example", "*", "999.1.1.1"])
    func malformedHostsAreRefused(host: String) {
        #expect(throws: DevelopmentCertificatesError.self) { try HostName(parsing: host) }
    }

    @Test func repeatsAreDroppedInOrder() throws {
        let names = try HostList.parse(["localhost", "::1", "0:0::1", "LOCALHOST", "127.0.0.1"])
        #expect(names.map(\.description) == ["localhost", "::1", "127.0.0.1"])
        #expect(throws: DevelopmentCertificatesError.noHosts) { try HostList.parse([]) }
    }

    @Test func defaultHostsAreLoopbackThenThisMachinesAddresses() throws {
        let hosts = DevelopmentCertificates.defaultHosts()
        #expect(Array(hosts.prefix(3)) == ["localhost", "127.0.0.1", "::1"])
        let machine = try HostList.parse(["x.test"] + HostList.machineAddresses()).dropFirst()
        for name in machine {
            guard case .ipAddress(let bytes) = name else {
                Issue.record("\(name) is not an address")
                continue
            }
            #expect(bytes != [127, 0, 0, 1] && bytes.first != 127, "loopback \(name)")
            #expect(bytes != [UInt8](repeating: 0, count: 15) + [1], "loopback \(name)")
            #expect(!(bytes.count == 16 && bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80), "link-local \(name)")
        }
        #expect(try HostList.parse(hosts).count == hosts.count)
    }
}
