import Sockets
import Synchronization

/// How many reports each client network may have counted per hour (docs/rollouts.md "Reports"): an IPv4
/// /24 or an IPv6 /48 — the block one subscriber or one host can use — so spreading a flood over the
/// addresses of one network buys nothing. A report over the cap answers 429 before its body is read.
///
/// Bounded: at most `maxNetworks` networks are tracked in an hour; past that, reports from networks not
/// seen yet are refused until the hour turns, so a flood from many networks costs memory only up to there.
final class ReportNetworkCap: Sendable {
    let perHour: Int
    let maxNetworks: Int

    private struct State {
        var hour: Int64 = .min
        var counts: [IPAddress: Int] = [:]
    }

    private let state = Mutex(State())

    init(perHour: Int, maxNetworks: Int = 100_000) {
        self.perHour = perHour
        self.maxNetworks = maxNetworks
    }

    /// Takes one of the network's reports for `hour`; false when its cap is reached.
    func admit(address: IPAddress?, hour: Int64) -> Bool {
        let network = Self.network(of: address)
        return state.withLock { state in
            if state.hour != hour {
                state.hour = hour
                state.counts.removeAll(keepingCapacity: true)
            }
            let count = state.counts[network]
            if count == nil, state.counts.count >= maxNetworks { return false }
            guard (count ?? 0) < perHour else { return false }
            state.counts[network] = (count ?? 0) + 1
            return true
        }
    }

    /// The /24 or /48 around `address`; a client with no readable address shares one network with all such.
    static func network(of address: IPAddress?) -> IPAddress {
        guard let address else { return IPAddress(ipv4: 0) }
        return IPNetwork(address: address, prefixLength: address.isIPv4 ? 96 + 24 : 48).address
    }
}
