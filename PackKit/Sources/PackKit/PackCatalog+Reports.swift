import Foundation
import PackKitWire

/// Install outcomes for staged rollouts (docs/rollouts.md "Reports"): queued in the store as they happen,
/// sent after each batch of installs, kept for the next try when the server cannot be reached, dropped after
/// a day. Only for an install that takes part in rollouts.
extension PackCatalog {
    /// Sends the outcomes waiting; how many the server took. Called after every install batch; an app may call
    /// it when the network comes back.
    @discardableResult
    public func sendReports() async -> Int {
        guard let reports else { return 0 }
        return await reports.send(to: configuration.baseURL, transport: transport)
    }

    /// Install outcomes not sent yet.
    public var pendingReportCount: Int { reports?.pending.count ?? 0 }

    /// Queues `pack`'s outcome under the manifest it was installed from: installed, or failed and why.
    func report(_ pack: PackDescriptor, failure: PackKitError?) {
        guard let reports, let manifest = try? storedManifest()?.manifest else { return }
        try? reports.add(PendingReport(
            channel: manifest.channel, release: manifest.release, pack: pack.id, sha256: pack.sha256.lowercased(),
            result: failure == nil ? "installed" : "failed", reason: failure.map { "\($0)" },
            at: configuration.clock().timeIntervalSince1970))
    }
}
