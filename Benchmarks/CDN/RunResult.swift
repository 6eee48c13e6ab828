import CDNSimulation
import Foundation

/// What one device count's run measured (scripts/bench-cdn's `summarize`): the origin's requests and bytes
/// from its access log (without the benchmark's own requests), Varnish's counters, the publish's timeline
/// and the bounds the bars compare with. Seconds are `Double`s, as the report prints them.
struct RunResult {
    let devices: Int
    let seconds: Double
    var origin: [OriginRoute: RouteCounts] = [:]
    var perDocument: [String: DocumentCounts] = [:]
    var originRangedPackRequests = 0
    let metricsBodyBytes: Double
    let purgesOK: Int
    let purgesBefore: Int
    let purgesFailed: Int
    let purgesRetried: Int
    let varnish: [String: Int]
    let varnishBackendBodyBytes: Int
    let requestedBlobs: [String: Int]
    let distinctBytes: Int
    // The publish.
    let publish: PublishTimes
    var pollingAtPublish = 0
    var pollingSawNew = 0
    var timeAllSee: Double?
    var timeMedianSee: Double?
    var staleAfterPurge: Int?
    var lastStaleAfterPurge: Double?
    var lastOldAfterLive: Double?
    var firstNewAfterLive: Double?
    var pollLateAroundPublish = 0.0
    let pollLateMedian: Double
    let pollLateMax: Double
    // The bound on document requests.
    let documentBoundPerURL: Int
    let documentURLs: Int
    let documentBound: Int
    let problems: [String]
    let tally: DeviceTally
    let installedFrom: [Int: Int]
    var loadBefore: [Double] = []
    var loadAfter: [Double] = []
    var storageMiB = 0

    var purgesDuring: Int { purgesOK - purgesBefore }

    func origin(_ route: OriginRoute) -> RouteCounts { origin[route] ?? RouteCounts() }

    init(
        record: FleetRecord, entries: [AccessLogEntry], varnish counters: [String: Int], metrics: String,
        purgesBefore: Int, sharedMaxAge: Int, fromRelease: Int
    ) {
        devices = record.devices.count
        seconds = (record.ended - record.started) / .seconds(1)
        for entry in entries where entry.userAgent != ControlClient.userAgent {
            let route = OriginRoute(target: entry.target)
            origin[route, default: RouteCounts()].requests += 1
            origin[route, default: RouteCounts()].bytes += entry.bodyBytes ?? 0
            origin[route, default: RouteCounts()].statuses[entry.status, default: 0] += 1
            if route == .documents {
                switch entry.status {
                case 200: perDocument[entry.target, default: DocumentCounts()].ok += 1
                case 304: perDocument[entry.target, default: DocumentCounts()].notModified += 1
                default: perDocument[entry.target, default: DocumentCounts()].other += 1
                }
            }
            if route == .packs, let range = entry.range, !range.isEmpty, range != "-" { originRangedPackRequests += 1 }
        }
        metricsBodyBytes = MetricsText.sum(metrics, "packserve_http_response_body_bytes_total")
        purgesOK = Int(MetricsText.sum(metrics, "packserve_cache_purges_total", label: "result=\"ok\""))
        self.purgesBefore = purgesBefore
        purgesFailed = Int(MetricsText.sum(metrics, "packserve_cache_purges_total", label: "result=\"failed\""))
        purgesRetried = Int(MetricsText.sum(metrics, "packserve_cache_purges_total", label: "result=\"retried\""))
        varnish = counters
        varnishBackendBodyBytes = counters.filter { $0.key.hasPrefix("VBE.") && $0.key.hasSuffix(".beresp_bodybytes") }.values.reduce(0, +)
        requestedBlobs = record.requestedBlobs
        distinctBytes = record.requestedBlobs.values.reduce(0, +)
        publish = record.publish
        problems = record.tally.problems
        tally = record.tally
        installedFrom = Dictionary(grouping: record.devices.compactMap(\.installRelease), by: { $0 }).mapValues(\.count)

        func inSeconds(_ duration: Duration) -> Double { duration / .seconds(1) }
        let late = record.pollLateness.map { inSeconds($0.late) }.sorted()
        pollLateMedian = late.isEmpty ? 0 : late[late.count / 2]
        pollLateMax = late.last ?? 0
        // Per document URL at most one fetch per sharedMaxAgeSeconds of the run, one at the start, and one
        // after each purge the origin sent.
        let windows = Int((seconds / Double(sharedMaxAge)).rounded(.up))
        documentBoundPerURL = windows + 1 + (purgesOK - purgesBefore)
        documentURLs = perDocument.count
        documentBound = documentBoundPerURL * max(1, perDocument.count)
        let publish = record.publish
        let fromOld = record.devices.filter { $0.installRelease == fromRelease && $0.installedAt != nil }
        if let exited = publish.exited {
            // Devices polling when the publish started, and those installed from the old release after it.
            let polling = fromOld.filter { device in publish.started.map { device.installedAt! <= $0 } ?? false }
            let seen = polling.compactMap { $0.seenNewAt.map { inSeconds($0 - exited) } }.sorted()
            pollingAtPublish = polling.count
            pollingSawNew = seen.count
            timeAllSee = seen.last
            timeMedianSee = seen.isEmpty ? nil : seen[seen.count / 2]
            if let purged = publish.purged {
                let stale = record.answers.filter { $0.release == fromRelease && $0.started > purged }.map { inSeconds($0.started - purged) }
                staleAfterPurge = stale.count
                lastStaleAfterPurge = stale.max()
            }
            let live = publish.originLive ?? exited
            lastOldAfterLive = record.answers.filter { $0.release == fromRelease && $0.started > live }.map { inSeconds($0.started - live) }.max()
            firstNewAfterLive = record.answers.filter { $0.release != nil && $0.release! > fromRelease }.map { inSeconds($0.ended - live) }.min()
            let seenBy = polling.compactMap(\.seenNewAt).max() ?? exited
            pollLateAroundPublish = record.pollLateness.filter { $0.due >= exited && $0.due <= seenBy }.map { inSeconds($0.late) }.max() ?? 0
        }
    }
}
