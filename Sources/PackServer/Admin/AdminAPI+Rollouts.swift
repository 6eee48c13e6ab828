import AdminMessages
import HTTP1
import HTTPServer
import PackStore
import ReleaseViews
import RolloutRules

/// The admin API's rollouts (docs/api.md "Rollouts", docs/rollouts.md), under the `rollout` scope: a
/// producer runs a launch without the right to publish.
extension AdminAPI {
    /// `GET /admin/stats?channel=C&hours=H`: the channel's adoption and outcomes by hour and release, for
    /// the last `H` hours (default 168, at most 90 days), and its rollout.
    func stats(query: String?) throws(AdminRefusal) -> HTTPResponse {
        let parameters = QueryParameters(query)
        guard parameters.pairs != nil else { throw .badRequest("the query is not valid percent-encoding") }
        let channel = try Self.channel(parameters.values(named: "channel")?.first)
        var hours = 168
        if let text = parameters.values(named: "hours")?.first {
            guard let given = Int(text), (1...Int(PackStore.adoptionHoursKept)).contains(given) else {
                throw .badRequest("hours: give 1 to \(PackStore.adoptionHoursKept)")
            }
            hours = given
        }
        let nowHour = now() / 3600
        let (stats, rollout) = try Self.store {
            (try store.adoption(of: channel, hours: hours, nowHour: nowHour), try store.rollout(of: channel))
        }
        return try Self.json(.ok, AdoptionDocument(channel: channel.text, hours: hours, rollout: rollout, stats: stats))
    }

    /// `GET /admin/channels/{name}/rollout`: the live rollout, or the last one; 404 when there never was one.
    func rollout(_ name: String) throws(AdminRefusal) -> HTTPResponse {
        let channel = try Self.channel(name)
        guard let status = try Self.store({ try store.rollout(of: channel) }) else {
            throw .notFound("/admin/channels/\(channel)/rollout")
        }
        return try Self.json(.ok, RolloutDocument(status))
    }

    /// `PUT /admin/channels/{name}/rollout`: starts a rollout (`release` and `percent`, no live one), or moves
    /// the live one: `percent` raises it, `state` halts, resumes (`running`), finishes or cancels it. Each step
    /// signs the channel's views at a new version; the answer is the rollout as it stands.
    func putRollout(_ name: String, body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        let channel = try Self.channel(name)
        let request = try Self.decode(RolloutRequest.self, from: body, orEmpty: nil)
        let percent = try request.percent.map { text throws(AdminRefusal) in
            do { return try RolloutPercent(parsing: text) } catch { throw .badRequest("percent: \(error)") }
        }
        let state = try request.state.map { text throws(AdminRefusal) in
            guard let state = RolloutState(rawValue: text) else {
                throw .badRequest("state: \"\(text.prefix(40))\" is not one of running, halted, finished, cancelled")
            }
            return state
        }
        guard let signer else { throw .noSigningKey }
        let live = try Self.store { try store.rollout(of: channel) }.flatMap { $0.state.isLive ? $0 : nil }
        var status = live
        var created = false
        if live == nil {
            guard let release = request.release, let percent, state == nil || state == .running else {
                throw .badRequest("\(channel) has no live rollout: give release and percent to start one")
            }
            status = try Self.store {
                try store.startRollout(
                    channel, candidate: release, percent: percent, seed: .random(in: .min ... .max),
                    sealedBy: signer.sealing(now: now())).0
            }
            created = true
        } else if let live {
            if let release = request.release, release != live.candidate {
                throw .store(.channel(.rolloutLive(channel: channel.text, candidate: live.candidate, state: live.state.rawValue)))
            }
            if let percent, percent != live.percent {
                status = try Self.store { try store.raiseRollout(channel, to: percent, sealedBy: signer.sealing(now: now())).0 }
            }
            if let state, state != status?.state {
                status = try Self.store { () throws(PackStoreError) in
                    switch state {
                    case .running, .halted:
                        try store.setRolloutRunning(state == .running, channel, sealedBy: signer.sealing(now: now())).0
                    case .finished, .cancelled:
                        try store.endRollout(channel, finish: state == .finished, sealedBy: signer.sealing(now: now())).0
                    }
                }
            }
        }
        guard let status else { throw .notFound("/admin/channels/\(channel)/rollout") }
        logger.notice("admin: rollout", metadata: [
            "token": "\(token.name)", "channel": "\(channel)", "release": "\(status.candidate)",
            "percent": "\(status.percent)", "state": "\(status.state.rawValue)",
        ])
        return try Self.json(created ? .created : .ok, RolloutDocument(status))
    }

    /// `POST /admin/reports`: a replica's outcome counts (docs/rollouts.md "Replicas"), read as untrusted input
    /// and added to this server's own, so they reach the index, and the halt rule, with the next flush. A
    /// count for a channel or release this server takes no reports for is left out and said so; the hours
    /// taken are the last day's (a replica that could not forward for longer drops what it kept).
    func forwardedReports(body: [UInt8], by token: AdminToken) throws(AdminRefusal) -> HTTPResponse {
        guard let reportCounters, let live else { throw .takesNoReports }
        let forwarded: ForwardedCounts
        do {
            forwarded = try ForwardedCounts(json: body, hours: ForwardedCounts.acceptedHours(nowHour: now() / 3600))
        } catch {
            throw .badRequest(error.description)
        }
        let counted = forwarded.counts.filter { live.servesReports(channel: $0.channel, release: $0.release) }
        reportCounters.add(counted)
        let ignored = forwarded.counts.count - counted.count
        if ignored > 0 {
            logger.warning(
                "admin: \(ignored) forwarded counts name no channel and release taking reports here",
                metadata: ["token": "\(token.name)"])
        }
        return try Self.json(.accepted, ForwardedCountsAnswer(counted: counted.count, ignored: ignored))
    }
}
