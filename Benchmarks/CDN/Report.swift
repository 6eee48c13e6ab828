import Foundation

/// The markdown section scripts/bench-cdn writes into docs/performance.md: one column per device count,
/// the bars of issue 22 with their verdicts, the per-URL document counts, the cross-checks and the run's
/// conditions. Row for row what the Python version wrote, so tables before and after compare.
struct Report {
    let results: [RunResult]
    let meta: BenchMeta
    let options: CDNBench

    func render() -> (text: String, verdicts: [Verdict]) {
        var out: [String] = []
        func w(_ line: String) { out.append(line) }
        w("## Behind a CDN (issue 22)")
        w("")
        w("Written by `scripts/bench-cdn` (edits between the markers are overwritten). Simulated devices through real")
        w("Varnish running the shipped `deploy/varnish/packserve.vcl`, in front of one `packserve serve` with")
        w("`cache.sharedMaxAgeSeconds` \(options.sharedMaxAge) and `cache.purge` pointing at Varnish; each device count")
        w("on a fresh stack (data directory, origin, empty cache); release 2 is published once half of the devices")
        w("are installed. Origin numbers are from its access log (body bytes; heads not counted), without the")
        w("bench's own `/readyz` checks and Varnish's health probes (their own row). Times of the origin's go-live")
        w("and purge are when its log lines appeared (the log is read every 5 ms).")
        w("")
        w("| | " + results.map { "\(Format.count($0.devices)) devices" }.joined(separator: " | ") + " |")
        w("|---|" + String(repeating: "---:|", count: results.count))
        func row(_ label: String, _ cell: (RunResult) -> String) {
            w("| \(label) | " + results.map(cell).joined(separator: " | ") + " |")
        }
        let milliseconds = { (seconds: Double) in Format.number(seconds * 1000, 0) + " ms" }

        row("run time (devices start → last device updated)") { String(format: "%.1f s", $0.seconds) }
        row("pack bytes received by devices (verified with SHA-256)") {
            "\(Format.mib($0.tally[.packBytes])) (\(Format.count($0.tally[.packsVerified])) packs)"
        }
        row("bytes Varnish sent to devices (`s_resp_bodybytes`)") { Format.mib($0.varnish["MAIN.s_resp_bodybytes", default: 0]) }
        row("device requests: documents / pack pieces") {
            "\(Format.count($0.tally[.documentRequests])) / \(Format.count($0.tally[.packRequests]))"
        }
        row("distinct pack bytes the devices asked for (blobs of release 1 and 2)") {
            "\(Format.mib($0.distinctBytes)) (\($0.requestedBlobs.count) blobs)"
        }
        row("**origin pack bytes**") { "**\(Format.mib($0.origin(.packs).bytes))**" }
        row("origin pack bytes ÷ distinct pack bytes (bar ≤ 1.05)") {
            String(format: "%.3f", Format.ratio(Double($0.origin(.packs).bytes), Double($0.distinctBytes)))
        }
        row("origin pack requests (with a Range header)") { "\(Format.count($0.origin(.packs).requests)) (\($0.originRangedPackRequests))" }
        row("origin document requests: 200 / 304") {
            "\(Format.count($0.origin(.documents).statuses[200, default: 0])) / \(Format.count($0.origin(.documents).statuses[304, default: 0]))"
        }
        row("origin document bytes") { "\(Format.number(Double($0.origin(.documents).bytes) / 1024)) KiB" }
        row("bound on origin document requests: URLs × (⌈run ÷ \(options.sharedMaxAge) s⌉ + 1 + purges)") {
            "\($0.documentURLs) × (\(Int(($0.seconds / Double(options.sharedMaxAge)).rounded(.up))) + 1 + \($0.purgesDuring)) = \($0.documentBound)"
        }
        row("**origin requests per 1,000 devices** (documents + packs)") {
            let documents = Double($0.origin(.documents).requests) * 1000 / Double($0.devices)
            let packs = Double($0.origin(.packs).requests) * 1000 / Double($0.devices)
            return "**\(Format.number(documents + packs))** (\(Format.number(documents)) + \(Format.number(packs)))"
        }
        row("**origin bytes per 1,000 devices**") {
            Format.mib(Double($0.origin(.packs).bytes + $0.origin(.documents).bytes) * 1000 / Double($0.devices))
        }
        row("bytes served by the cache, not the origin") {
            let originBytes = Double($0.origin(.packs).bytes + $0.origin(.documents).bytes)
            return String(format: "%.2f %%", (1 - Format.ratio(originBytes, Double($0.varnish["MAIN.s_resp_bodybytes", default: 0]))) * 100)
        }
        row("Varnish hit ratio (`cache_hit` ÷ lookups)") { result in
            let v = { result.varnish[$0, default: 0] }
            let lookups = v("MAIN.cache_hit") + v("MAIN.cache_miss") + v("MAIN.cache_hitpass") + v("MAIN.cache_hitmiss")
            return String(format: "%.2f %% ", Format.ratio(Double(v("MAIN.cache_hit")), Double(lookups)) * 100)
                + "(\(Format.count(v("MAIN.cache_hit"))) hits, \(Format.count(v("MAIN.cache_miss"))) misses, "
                + "\(v("MAIN.cache_hitpass")) hit-for-pass, \(v("MAIN.cache_hitmiss")) hit-for-miss)"
        }
        row("purges the origin sent to Varnish during the run (ok; retried, failed in the whole life of `serve`)") {
            "\($0.purgesDuring) (\($0.purgesRetried), \($0.purgesFailed))"
        }
        row("Varnish's health probes of the origin (`/readyz` every 2 s)") { Format.count($0.origin(.probes).requests) }
        row("devices polling when release 2 went out (of them saw it)") {
            "\(Format.count($0.pollingAtPublish)) (\(Format.count($0.pollingSawNew)))"
        }
        row("**time until every polling device saw release 2** (from `publish` exiting; devices poll every \(Self.plain(options.pollSeconds)) s)") {
            guard let all = $0.timeAllSee, let median = $0.timeMedianSee else { return "–" }
            return String(format: "**%.2f s** (median %.2f s)", all, median)
        }
        row("`publish` took; then the origin went live; then Varnish answered its purge") { result in
            let p = result.publish
            guard p.exited != nil else { return "–" }
            func between(_ a: ContinuousClock.Instant?, _ b: ContinuousClock.Instant?) -> String {
                guard let a, let b else { return "?" }
                return milliseconds((b - a) / .seconds(1))
            }
            return "\(between(p.started, p.exited)); \(between(p.exited, p.originLive)); \(between(p.originLive, p.purged))"
        }
        row("document answers of release 1 that started after the purge was answered") {
            ($0.staleAfterPurge.map(String.init) ?? "–")
                + ($0.lastStaleAfterPurge.map { " (the last \(Format.number($0 * 1000, 0)) ms after)" } ?? "")
        }
        row("last answer of release 1 / first of release 2, from the origin going live") {
            ($0.lastOldAfterLive.map(Format.signedMilliseconds) ?? "none") + " / " + ($0.firstNewAfterLive.map(Format.signedMilliseconds) ?? "–")
        }
        row("polls later than due (client CPU): median; max; max around the publish") {
            "\(milliseconds($0.pollLateMedian)); \(milliseconds($0.pollLateMax)); \(milliseconds($0.pollLateAroundPublish))"
        }
        row("interrupted downloads, resumed with If-Range (206)") {
            "\($0.tally[.interruptedDownloads]) (\($0.tally[.resumesAnswered206]))"
        }
        row("devices installed from release 1 / 2; packs updated") {
            "\(Format.count($0.installedFrom[1, default: 0])) / \(Format.count($0.installedFrom[2, default: 0])); \(Format.count($0.tally[.packsUpdated]))"
        }
        row("problems (wrong bytes, errors, release going down)") { "\($0.tally[.problems])" }
        row("load average (1 min) before → after") {
            String(format: "%.2f → %.2f", $0.loadBefore.first ?? 0, $0.loadAfter.first ?? 0)
        }
        w("")

        let verdicts = self.verdicts()
        w("| Bar (issue 22, \"Done means\" 4) | Result |")
        w("|---|---|")
        for verdict in verdicts {
            w("| \(verdict.text) | \(verdict.passed.map { $0 ? "**PASS**" : "**FAIL**" } ?? "–") |")
        }
        w("")
        for result in results {
            let urls = result.perDocument.sorted { $0.key < $1.key }.map { url, counts in
                "`\(url)` \(counts.ok) / \(counts.notModified)" + (counts.other > 0 ? " (+\(counts.other) other)" : "")
            }
            w("Origin requests per document URL, \(Format.count(result.devices)) devices (200 / 304): " + urls.joined(separator: "; ") + ".")
        }
        for result in results {
            let accessBytes = result.origin.values.reduce(0) { $0 + $1.bytes }
            w("Cross-checks, \(Format.count(result.devices)) devices: origin body bytes \(Format.count(accessBytes)) in the access log, "
                + "\(Format.count(Int(result.metricsBodyBytes))) in `packserve_http_response_body_bytes_total` (which also counts the bench's own "
                + "`/readyz` checks), \(Format.count(result.varnishBackendBodyBytes)) received by Varnish (`VBE.*.beresp_bodybytes`).")
        }
        for result in results where !result.problems.isEmpty {
            w("Problems with \(Format.count(result.devices)) devices (first \(result.problems.count)): " + result.problems.prefix(5).joined(separator: "; "))
        }
        w("")
        let catalog = meta.catalog.map { "`\($0.id)` \($0.policy) \(Format.mib($0.size1))" + ($0.changes ? " (new bytes in release 2)" : "") }
        w("The catalog: " + catalog.joined(separator: ", ") + "; each on-demand pack is wanted by a device with probability "
            + "15%. Devices: 40 % read `/download-manifest.json?platform=ios`, 20 % `?platform=macos`, "
            + "40 % the signed `/manifest`; \(options.workers) download at once (reading bodies \(meta.concurrentReads) at a time, one per core, "
            + "so that hashing does not crowd the cache, the origin and the polls off the shared cores), each pack as `Range` pieces of "
            + "\(options.pieceMiB) MiB on a keep-alive connection; \(Self.plain(options.resumePercent)) % drop one download mid-piece and resume on a new connection "
            + "with `Range` + `If-Range`. Installed devices poll their document every \(Self.plain(options.pollSeconds)) s with "
            + "`If-None-Match` (\(options.pollWorkers) pollers).")
        let example = meta.packURLs == "blobs" ? "/blobs/sha256/{hex}" : "/packs/{id}"
        w("Pack URLs: the documents name `\(example)` (`manifest.packURLs` \"\(meta.packURLs)\", as in the "
            + "shipped config.json): immutable blobs, cached a year, so a publish purges only the documents and never "
            + "invalidates bytes a device is downloading.")
        w("")
        w("- Command: `\(meta.commandLine)`; \(meta.date)")
        w("- PackServe: commit `\(meta.commit)`\(meta.dirty ? " plus uncommitted changes under Sources/ or Package.swift" : ""), `swift build -c release --scratch-path .build-bench`")
        w("- Cache: \(meta.varnish), `deploy/varnish/packserve.vcl` with the xkey vmod, `-s malloc,\(results.first?.storageMiB ?? 0)m`; "
            + "clients: Swift (`cdn-bench`: Tests/CDNSimulation's `SimulatedDevice` on blocking sockets, swift-crypto's SHA-256)")
        w("- Machine: \(meta.cores) cores shared with other builds (devices, Varnish and the origin on the same cores); "
            + "load average \(meta.loadAtEnd) at the end")
        return (out.joined(separator: "\n") + "\n", verdicts)
    }

    /// Issue 22's bars for every device count, and across the smallest and largest.
    private func verdicts() -> [Verdict] {
        var verdicts: [Verdict] = []
        for r in results {
            let devices = Format.count(r.devices)
            let packRatio = Format.ratio(Double(r.origin(.packs).bytes), Double(r.distinctBytes))
            verdicts.append(Verdict(text: "\(devices) devices: origin pack bytes \(String(format: "%.3f", packRatio)) × the distinct pack bytes (≤ 1.05)", passed: packRatio <= 1.05))
            let perURL = r.perDocument.values.map(\.total).max() ?? 0
            verdicts.append(Verdict(
                text: "\(devices) devices: \(r.origin(.documents).requests) origin document requests ≤ \(r.documentBound) (per URL: \(perURL) ≤ \(r.documentBoundPerURL))",
                passed: r.perDocument.values.allSatisfy { $0.total <= r.documentBoundPerURL }))
            verdicts.append(Verdict(
                text: "\(devices) devices: every pack's bytes verified, no problems",
                passed: r.tally[.problems] == 0 && r.tally[.packsWithWrongBytes] == 0))
            verdicts.append(Verdict(
                text: "\(devices) devices: no document of release 1 answered to a request made after Varnish answered the purge (\(r.staleAfterPurge.map(String.init) ?? "–"))",
                passed: r.staleAfterPurge == 0))
            let nuked = r.varnish["MAIN.n_lru_nuked", default: 0]
            verdicts.append(Verdict(text: "\(devices) devices: nothing evicted (`n_lru_nuked` \(nuked))", passed: nuked == 0))
        }
        if results.count > 1, let small = results.min(by: { $0.devices < $1.devices }), let large = results.max(by: { $0.devices < $1.devices }) {
            let perDistinct = { (r: RunResult) in Double(r.origin(.packs).bytes) / Double(max(1, r.distinctBytes)) }
            let growth = Format.ratio(perDistinct(large), perDistinct(small))
            verdicts.append(Verdict(
                text: "origin pack bytes per distinct byte, \(Format.count(large.devices)) ÷ \(Format.count(small.devices)) devices: "
                    + String(format: "%.3f (×%.0f devices; bar: ≤ 1.05)", growth, Double(large.devices) / Double(small.devices)),
                passed: growth <= 1.05))
            let perMinute = { (r: RunResult) in Double(r.origin(.documents).requests) / Double(max(1, r.documentURLs)) / (r.seconds / 60) }
            verdicts.append(Verdict(
                text: String(format: "origin document requests per URL per minute: %.1f with ", perMinute(small)) + "\(Format.count(small.devices)) "
                    + String(format: "devices, %.1f with ", perMinute(large)) + "\(Format.count(large.devices)) (set by the run time and "
                    + "sharedMaxAgeSeconds, not by devices; the bar is the per-URL bound above)",
                passed: nil))
        }
        return verdicts
    }

    /// `2.0` as Python printed a float option (`2.0`), `20` as an int-valued one.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(format: "%.1f", value) : String(value)
    }
}
