import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Install outcomes on their way to the server's `POST /reports` (docs/rollouts.md "Reports"): kept in the
/// store (`reports.json`, replaced atomically) so none is lost to a crash, sent in batches of at most 32 per
/// channel and release, kept after a failure to be sent with the next batch, dropped once a day old or when
/// the server refuses them as malformed (they would never be taken).
final class ReportQueue: Sendable {
    static let maxOutcomesPerReport = 32
    static let maxAge: Double = 86_400
    /// Outcomes kept at most: a device offline for long reports its latest.
    static let maxQueued = 1_000

    private let file: URL
    private let cohort: Int?
    private let clock: @Sendable () -> Date
    private let queue = Locked<[PendingReport]?>(nil)

    init(file: URL, cohort: Int?, clock: @escaping @Sendable () -> Date) {
        self.file = file
        self.cohort = cohort
        self.clock = clock
    }

    /// Outcomes waiting.
    var pending: [PendingReport] { (try? mutate { $0 }) ?? [] }

    func add(_ report: PendingReport) throws(PackKitError) {
        try mutate { reports in
            reports.append(report)
            if reports.count > Self.maxQueued { reports.removeFirst(reports.count - Self.maxQueued) }
        }
    }

    /// Sends what is waiting, one POST per channel, release and 32 outcomes; returns how many outcomes the
    /// server took. Failures keep the outcomes for the next call (a 400 drops them: they will never be taken).
    func send(to baseURL: URL, transport: HTTPTransport) async -> Int {
        let now = clock().timeIntervalSince1970
        guard let reports = try? mutate({ reports in
            reports.removeAll { now - $0.at > Self.maxAge }
            return reports
        }) else { return 0 }
        var taken = 0
        var done = Set<String>()
        let groups = Dictionary(grouping: reports) { "\($0.channel)\n\($0.release)" }
        for key in groups.keys.sorted() {
            let group = groups[key] ?? []
            for start in stride(from: 0, to: group.count, by: Self.maxOutcomesPerReport) {
                let batch = Array(group[start..<min(start + Self.maxOutcomesPerReport, group.count)])
                let status = await post(batch, to: baseURL, transport: transport)
                if status == 202 { taken += batch.count }
                if status == 202 || status == 400 { done.formUnion(batch.map(\.id)) }
            }
        }
        // Outcomes added while these were sent stay.
        _ = try? mutate { $0.removeAll { done.contains($0.id) } }
        return taken
    }

    private func post(_ batch: [PendingReport], to baseURL: URL, transport: HTTPTransport) async -> Int {
        struct Outcome: Encodable {
            let pack: String
            let sha256: String
            let result: String
            let reason: String?
        }
        struct Body: Encodable {
            let channel: String
            let release: Int
            let cohort: Int?
            let outcomes: [Outcome]
        }
        guard let first = batch.first else { return 202 }
        let body = Body(
            channel: first.channel, release: first.release, cohort: cohort,
            outcomes: batch.map { Outcome(pack: $0.pack, sha256: $0.sha256, result: $0.result, reason: $0.reason.map { String($0.prefix(200)) }) })
        guard let bytes = try? JSONEncoder().encode(body) else { return 400 }
        return (try? await transport.post(baseURL.appendingPathComponent("reports"), json: Array(bytes))) ?? 0
    }

    /// Runs `body` on the queue, loaded once from the store, and saves what it leaves, under one lock.
    private func mutate<Result>(_ body: (inout [PendingReport]) -> Result) throws(PackKitError) -> Result {
        do {
            return try locked(body)
        } catch let error as PackKitError {
            throw error
        } catch {
            throw .io("\(error)")
        }
    }

    private func locked<Result>(_ body: (inout [PendingReport]) -> Result) throws -> Result {
        try queue.withLock { cached in
            var reports = cached ?? []
            if cached == nil, let bytes = try AtomicFile.read(file) {
                reports = (try? JSONDecoder().decode([PendingReport].self, from: Data(bytes))) ?? []
            }
            let before = reports
            let result = body(&reports)
            if reports != before {
                guard let bytes = try? JSONEncoder().encode(reports) else { throw PackKitError.io("cannot encode the pending reports") }
                // Not fsynced: reports are best effort; losing the last ones to a power cut skews no count much.
                try AtomicFile.write(Array(bytes), to: file, durable: false)
            }
            cached = reports
            return result
        }
    }
}
