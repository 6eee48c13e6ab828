@testable import PackServer

/// `packserve_cache_purges_total` by `result` as /metrics shows it; results never counted are left out.
enum PurgeCounts {
    static func of(_ registry: MetricsRegistry) -> [String: Int] {
        let prefix = "packserve_cache_purges_total{result=\""
        var counts: [String: Int] = [:]
        for line in String(decoding: registry.registry.emitToBuffer(), as: UTF8.self).split(separator: "\n")
        where line.hasPrefix(prefix) {
            let result = line.dropFirst(prefix.count).prefix { $0 != "\"" }
            if let count = line.split(separator: " ").last.flatMap({ Int($0) }), count > 0 { counts[String(result)] = count }
        }
        return counts
    }
}
