import ArgumentParser
import CDNSimulation
import Foundation

/// scripts/bench-cdn's program: PackServe as the origin of a CDN, simulated devices through real Varnish
/// across a publish (issue 22, "Done means" 4). scripts/bench-cdn builds it with `packserve` (release,
/// .build-bench) and runs it from the repository; it prints the report on standard output (progress on
/// standard error) and exits 1 when a bar fails. Writing docs/ is the shell harness's (scripts/lib/bench.sh).
@main
struct CDNBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdn-bench",
        abstract: "Simulated devices through real Varnish in front of packserve serve, across a publish.",
        discussion: """
            For every device count: a fresh store (release 1 published, 3 changed packs in the draft), Varnish \
            running deploy/varnish/packserve.vcl and `packserve serve` behind it (Tests/CDNSimulation's CDNStack); \
            the devices (SimulatedDevice) install through the cache, poll with If-None-Match, and once half are \
            installed release 2 is published; the run ends when every device installed from release 1 updated. \
            Measures the origin's requests and bytes (its access log), Varnish's hit ratio and the time until \
            every polling device saw release 2; checks issue 22's bars. See scripts/bench-cdn --help.
            """)

    @Option(help: "Device counts, one fresh stack each.") var devices = "200,1000"
    @Option(help: "Devices downloading at once.") var workers = 32
    @Option(help: "Threads that run the installed devices' polls.") var pollWorkers = 8
    @Option(help: "cache.sharedMaxAgeSeconds of the origin.") var sharedMaxAge = 10
    @Option(help: "How often an installed device revalidates its document (seconds).") var pollSeconds = 2.0
    @Option(help: "Percentage of devices that interrupt one download and resume it.") var resumePercent = 20.0
    @Option(name: .customLong("piece-mib"), help: "Range piece size in MiB.") var pieceMiB = 4
    @Option(help: "Multiplies every pack size (0.1 for a quick smoke run).") var scale = 1.0
    @Option(help: "Seed of the device choices.") var seed = 22
    @Option(help: "Time limit of one device count's run (seconds).") var deadline = 1800
    @Option(help: .hidden) var commandLine = "scripts/bench-cdn"

    var deviceCounts: [Int] { devices.split(separator: ",").compactMap { Int($0) } }

    func validate() throws {
        let counts = devices.split(separator: ",")
        guard !counts.isEmpty, counts.allSatisfy({ Int($0).map { (1...100_000).contains($0) } ?? false }) else {
            throw ValidationError("--devices: counts 1…100000 separated by commas")
        }
        guard (1...256).contains(workers), (1...64).contains(pollWorkers) else { throw ValidationError("--workers 1…256, --poll-workers 1…64") }
        guard (1...3600).contains(sharedMaxAge), (0.1...60).contains(pollSeconds) else {
            throw ValidationError("--shared-max-age 1…3600, --poll-seconds 0.1…60")
        }
        guard (0...100).contains(resumePercent), (1...64).contains(pieceMiB), (0.001...16).contains(scale) else {
            throw ValidationError("--resume-percent 0…100, --piece-mib 1…64, --scale 0.001…16")
        }
        guard (10...7200).contains(deadline) else { throw ValidationError("--deadline 10…7200") }
    }

    func run() async throws {
        let varnish = try await Self.varnishVersion()
        BenchLog.line("load average before: \(BenchLog.loadAverage.map { String(format: "%.2f", $0) }.joined(separator: " "))")
        let repository = DeployFile.repository.path
        let commit = (try? await ChildProcess.run(try ExternalTool.path(of: "git"), ["-C", repository, "rev-parse", "--short", "HEAD"]))?.stdout.text
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        let dirty = (try? await ChildProcess.run(
            try ExternalTool.path(of: "git"), ["-C", repository, "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift"]))?
            .stdout.text.isEmpty == false
        let packURLs = Self.packURLs(repository: repository)
        let work = try TemporaryDirectory("packserve-bench-cdn")
        BenchLog.line("writing the catalog (\(CatalogPack.plan.count) packs, scale \(scale)) to \(work.path)")
        let catalog = try CatalogPack.make(in: try work.directory("catalog"), scale: scale)
        var results: [RunResult] = []
        for count in deviceCounts {
            let result = try await BenchRun(catalog: catalog, devices: count, options: self, packURLs: packURLs).run()
            BenchLog.line("\(count) devices: \(String(format: "%.1f", result.seconds)) s; origin pack bytes \(Format.mib(result.origin(.packs).bytes)) "
                + "for \(Format.mib(result.distinctBytes)) distinct; origin document requests \(result.origin(.documents).requests); "
                + "all saw release 2 \(result.timeAllSee.map { String(format: "%.2f", $0) } ?? "–") s after publish; problems \(result.tally[.problems])")
            results.append(result)
        }
        let meta = BenchMeta(
            commandLine: commandLine,
            date: Self.utcNow(),
            commit: commit, dirty: dirty, varnish: varnish, cores: ProcessInfo.processInfo.activeProcessorCount,
            concurrentReads: FleetOptions().concurrentReads,
            loadAtEnd: BenchLog.loadAverage.map { String(format: "%.2f", $0) }.joined(separator: " "), catalog: catalog,
            packURLs: packURLs)
        let (text, verdicts) = Report(results: results, meta: meta, options: self).render()
        print(text, terminator: "")
        let failed = verdicts.filter { $0.passed == false }.map(\.text)
        guard failed.isEmpty else {
            BenchLog.line("FAIL: " + failed.joined(separator: "; "))
            throw ExitCode(1)
        }
        BenchLog.line("every bar passes")
    }

    /// `varnish-7.1.1` from `varnishd -V`, after checking varnishstat and the xkey vmod are there too.
    private static func varnishVersion() async throws -> String {
        let varnishd = try ExternalTool.path(of: "varnishd")
        _ = try ExternalTool.path(of: "varnishstat")
        let vmods = ["/usr/lib/varnish/vmods"] + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib"))?.map { "/usr/lib/\($0)/varnish/vmods" } ?? [])
        guard vmods.contains(where: { FileManager.default.fileExists(atPath: "\($0)/libvmod_xkey.so") }) else {
            throw BenchFailure("the xkey vmod is missing: apt-get install varnish-modules")
        }
        let run = try await ChildProcess.run(varnishd, ["-V"])
        let line = (run.stderr.lines.first ?? run.stdout.lines.first ?? "varnishd (unknown)")
        if !line.contains("varnish-7.") { BenchLog.line("warning: the shipped VCL is tested with Varnish 7.1; this is \(line)") }
        guard let start = line.range(of: "varnish-") else { return line }
        return String(line[start.lowerBound...].prefix { $0 != " " })
    }

    /// `2026-05-01 14:10 UTC`.
    private static func utcNow() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date()) + " UTC"
    }

    /// `manifest.packURLs` of the shipped config.json (the style the bench's origin uses too).
    private static func packURLs(repository: String) -> String {
        guard let data = FileManager.default.contents(atPath: "\(repository)/config.json"),
            let config = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let manifest = config["manifest"] as? [String: Any], let style = manifest["packURLs"] as? String
        else { return "blobs" }
        return style
    }
}
