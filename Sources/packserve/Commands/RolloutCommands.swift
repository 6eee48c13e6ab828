import ArgumentParser
import Foundation
import PackServer
import PackStore
import ReleaseViews
import RolloutRules

/// `packserve rollout start|set|halt|resume|finish|cancel|status`: staged rollouts (docs/rollouts.md).
struct RolloutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollout", abstract: "Roll a channel out to a newer release, a share of its cohorts at a time.",
        subcommands: [
            RolloutStartCommand.self, RolloutSetCommand.self, RolloutHaltCommand.self, RolloutResumeCommand.self,
            RolloutFinishCommand.self, RolloutCancelCommand.self, RolloutStatusCommand.self,
        ])

    @ParentCommand var root: PackServe
}

/// The options every rollout step shares, and the step itself: open the store, change, print, sync the bucket.
struct RolloutStep: ParsableArguments {
    @Option(help: "The channel (default: production).")
    var channel = ChannelName.production.text

    func run(
        config: String?, _ change: (PackStore, ChannelName, any ChannelSealer) throws -> (RolloutStatus, ChannelChange),
        line: (RolloutStatus, ChannelChange) -> String
    ) async throws {
        let channel = try ViewArguments.channel(channel)
        let context = try await StoreContext.open(configPath: config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let (status, change) = try change(context.store, channel, signer.sealing())
        print(line(status, change))
        try BucketPublishing.sync(context, to: bucket)
    }

    static func percent(_ text: String) throws -> RolloutPercent {
        do {
            return try RolloutPercent(parsing: text)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}

/// `packserve rollout start N --channel C --percent P`
struct RolloutStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start rolling a channel out to a newer release at a percent of its cohorts.")

    @ParentCommand var parent: RolloutCommand
    @OptionGroup var step: RolloutStep

    @Argument(help: "The candidate release, newer than the channel's.")
    var release: Int

    @Option(help: "The share of cohorts that read it: 0.1 to 100, at most one decimal.")
    var percent: String

    func run() async throws {
        let percent = try RolloutStep.percent(percent)
        try await step.run(config: parent.root.config) { store, channel, sealer in
            try store.startRollout(channel, candidate: release, percent: percent, seed: .random(in: .min ... .max), sealedBy: sealer)
        } line: { status, change in
            "\(status.channel) rolls out release \(status.candidate) to \(status.percent) % of its cohorts, from cohort \(status.cohorts.firstCohort) (manifest version \(change.version))"
        }
    }
}

/// `packserve rollout set --channel C --percent P`
struct RolloutSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Raise the share of cohorts a rollout admits (it never goes down).")

    @ParentCommand var parent: RolloutCommand
    @OptionGroup var step: RolloutStep

    @Option(help: "The new share, above the current one: 0.1 to 100, at most one decimal.")
    var percent: String

    func run() async throws {
        let percent = try RolloutStep.percent(percent)
        try await step.run(config: parent.root.config) { store, channel, sealer in
            try store.raiseRollout(channel, to: percent, sealedBy: sealer)
        } line: { status, change in
            "\(status.channel)'s rollout of release \(status.candidate) is at \(status.percent) % (\(status.state.rawValue); manifest version \(change.version))"
        }
    }
}

/// `packserve rollout halt --channel C`
struct RolloutHaltCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "halt", abstract: "Serve every cohort the channel's release again, until resumed.")

    @ParentCommand var parent: RolloutCommand
    @OptionGroup var step: RolloutStep

    func run() async throws {
        try await step.run(config: parent.root.config) { store, channel, sealer in
            try store.setRolloutRunning(false, channel, sealedBy: sealer)
        } line: { status, change in
            "\(status.channel)'s rollout of release \(status.candidate) halted: every cohort reads release \(change.release) (manifest version \(change.version))"
        }
    }
}

/// `packserve rollout resume --channel C`
struct RolloutResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Serve the admitted cohorts the candidate again (the same cohorts).")

    @ParentCommand var parent: RolloutCommand
    @OptionGroup var step: RolloutStep

    func run() async throws {
        try await step.run(config: parent.root.config) { store, channel, sealer in
            try store.setRolloutRunning(true, channel, sealedBy: sealer)
        } line: { status, change in
            "\(status.channel)'s rollout of release \(status.candidate) resumed at \(status.percent) % (manifest version \(change.version))"
        }
    }
}

/// `packserve rollout finish --channel C`
struct RolloutFinishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish", abstract: "Point the channel at the candidate: every device reads it.")

    @ParentCommand var parent: RolloutCommand
    @OptionGroup var step: RolloutStep

    func run() async throws {
        try await step.run(config: parent.root.config) { store, channel, sealer in
            try store.endRollout(channel, finish: true, sealedBy: sealer)
        } line: { status, change in
            "\(status.channel) now reads release \(status.candidate): rollout finished (manifest version \(change.version))\(ViewArguments.raisedNote(change))"
        }
    }
}

/// `packserve rollout cancel --channel C`
struct RolloutCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "End a rollout, halted or not, without finishing it.")

    @ParentCommand var parent: RolloutCommand
    @OptionGroup var step: RolloutStep

    func run() async throws {
        try await step.run(config: parent.root.config) { store, channel, sealer in
            try store.endRollout(channel, finish: false, sealedBy: sealer)
        } line: { status, change in
            "\(status.channel)'s rollout of release \(status.candidate) cancelled: it reads release \(change.release) (manifest version \(change.version))"
        }
    }
}

/// `packserve rollout status --channel C [--json]`
struct RolloutStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show a channel's rollout (the live one, or the last one).")

    @ParentCommand var parent: RolloutCommand

    @Option(help: "The channel (default: production).")
    var channel = ChannelName.production.text

    @Flag(help: "Print {channel, release, previousRelease, percent, state, firstCohort, startedAt, changedAt}.")
    var json = false

    func run() async throws {
        let channel = try ViewArguments.channel(channel)
        let store = try await StoreContext.open(configPath: parent.root.config).store
        guard let status = try store.rollout(of: channel) else {
            if json { print("null") } else { print("\(channel) has had no rollout") }
            return
        }
        if json {
            print(try RolloutDocument.text(status))
            return
        }
        func outcomes(_ counts: OutcomeCounts) -> String {
            "\(counts.failures)/\(counts.outcomes) failed"
        }
        let state = status.haltReason.map { status.state == .halted ? "halted (\($0))" : status.state.rawValue }
            ?? status.state.rawValue
        print(TextTable.render(
            header: ["CHANNEL", "CANDIDATE", "CONTROL", "PERCENT", "STATE", "FIRST COHORT", "CANDIDATE OUTCOMES", "CONTROL OUTCOMES", "SINCE"],
            rows: [[
                status.channel.text, String(status.candidate), String(status.previousRelease), "\(status.percent) %",
                state, String(status.cohorts.firstCohort), outcomes(status.candidateOutcomes),
                outcomes(status.controlOutcomes), status.changedAt.formatted(.iso8601),
            ]]))
    }
}
