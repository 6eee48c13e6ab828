import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd {
    /// Issue 3, "Done means" 3: SIGKILL `packserve add` and `packserve publish` at random moments, many
    /// times, then prove the store consistent: fsck clean, no listed pack without its exact bytes, every
    /// blob file equal to its name's hash. Method and results: docs/reliability.md "Crash safety".
    @Suite struct StoreCrashSafety {
        /// Big enough that an ingest takes a few hundred milliseconds, so kills land inside the copy, the
        /// fsync, the rename and the commit, not only in process start-up.
        static let sourceSize = 32 << 20
        /// Draft packs besides the ones the test adds, so a publish copies thousands of rows inside its
        /// transaction and a kill can land there too.
        static let fillerPacks = HeavyTests.enabled ? 5_000 : 1_500
        /// 12 kills of each command in the suite, 35 with `scripts/test-heavy` (docs/reliability.md "Crash
        /// safety"): the loop was a third of the suite's serialized end-to-end chain.
        static let killsPerCommand = HeavyTests.enabled ? 35 : 12
        /// Kill delays are drawn from 0 to this many times one undisturbed run, so some runs finish and the
        /// last instants (rename, commit, exit) are hit as often as the first.
        static let delaySpan = 1.3
        static let loopBudget: Duration = .seconds(HeavyTests.enabled ? 80 : 45)

        @Test func sigkillDuringAddAndPublishLeavesAConsistentStore() async throws {
            let store = try StoreWorkspace()
            try await StoreIndexFill.add(packs: Self.fillerPacks, sharing: 20, to: store)
            let source = try store.randomFile("source.bin", count: Self.sourceSize)
            let clock = ContinuousClock()
            // The slowest of three undisturbed runs: one run alone can be much faster than the rest
            // (a warm page cache, no writeback yet), and kills would then all land early.
            var addDuration = Duration.zero
            var publishDuration = Duration.zero
            for run in 1...3 {
                try stamp(source, with: 1_000_000 + run)  // apart from the loop's stamps
                let started = clock.now
                try await store.run(["add", source, "--id", "crash-base", "--tag", "crash"])
                let added = clock.now
                try await store.run(["publish"])
                addDuration = max(addDuration, added - started)
                publishDuration = max(publishDuration, clock.now - added)
            }

            var kills = (add: 0, publish: 0)
            var completed = (add: 0, publish: 0)
            var iteration = 0
            let deadline = clock.now + Self.loopBudget
            while min(kills.add, kills.publish) < Self.killsPerCommand && clock.now < deadline {
                iteration += 1
                try stamp(source, with: iteration)  // new bytes every time, so each ingest makes a new blob
                if try await runKilling(store, ["add", source, "--id", "crash-\(iteration % 3)", "--tag", "crash"],
                                        within: addDuration * Self.delaySpan) {
                    kills.add += 1
                } else {
                    completed.add += 1
                }
                // The draft now differs from the latest release whatever the add did, so publish has work.
                try await store.run(["set", "crash-base", "--order", String(iteration)])
                if try await runKilling(store, ["publish", "--note", "iteration \(iteration)"], within: publishDuration * Self.delaySpan) {
                    kills.publish += 1
                } else {
                    completed.publish += 1
                }
            }
            // Most of the kills asked for land within the budget, of both commands.
            #expect(kills.add + kills.publish >= Self.killsPerCommand * 10 / 7, "only \(kills) kills landed within \(Self.loopBudget)")
            #expect(min(kills.add, kills.publish) >= Self.killsPerCommand * 5 / 7, "kills: \(kills)")

            // 1. The index is consistent; leftovers of killed adds may exist, but nothing worse.
            let fsck = try await store.attempt(["fsck"], timeout: .seconds(120))
            #expect(fsck.status == 0, "\(fsck)")
            let findings = fsck.lines.dropLast()
            #expect(findings.allSatisfy { $0.hasPrefix("orphan blob ") || $0.hasPrefix("temp file ") }, "\(fsck)")

            // 2. Every blob file holds the bytes its name promises (orphans included: a blob is renamed
            //    into place only when whole).
            let blobs = try await StoreBlobCheckScript.run(blobRoot: store.blobRoot)
            let misnamed = blobs.filter { name, blob in !name.hasSuffix("/\(blob.sha256)") }
            #expect(misnamed.isEmpty, "blob files whose bytes do not hash to their name: \(misnamed.keys.sorted())")

            // 3. No listing shows a partial pack: the draft and every release list only packs whose blob
            //    exists with exactly the listed size and hash.
            let history = try await store.run(["releases", "--json"])
            let releases = (try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? [])
                .compactMap { $0["release"] as? Int }
            // Numbered 1, 2, 3, … without gaps; a killed publish either committed whole or left no number.
            #expect(releases == Array(1..<(1 + releases.count)), "release numbers \(releases)")
            #expect((3 + completed.publish...3 + completed.publish + kills.publish).contains(releases.count),
                    "\(releases.count) releases after \(completed.publish) completed and \(kills.publish) killed publishes")
            var listed = 0
            var committedAdds = 0
            for arguments in [["ls", "--json", "--tag", "crash"]] + releases.map({ ["ls", "--json", "--release", String($0), "--tag", "crash"] }) {
                let listing = try await store.run(arguments)
                let packs = try JSONDecoder().decode([StorePackObject].self, from: Data(listing.stdout.utf8))
                if arguments.count == 4 {  // the draft: versions count every add that committed, killed or not
                    committedAdds = packs.filter { $0.id != "crash-base" }.reduce(0) { $0 + $1.version }
                }
                for pack in packs {
                    listed += 1
                    let blob = blobs["\(pack.sha256.prefix(2))/\(pack.sha256)"]
                    #expect(blob?.size == pack.size && blob?.sha256 == pack.sha256,
                            "`\(arguments.joined(separator: " "))` lists \(pack.id) v\(pack.version) (\(pack.size) bytes, \(pack.sha256)) but its blob is \(String(describing: blob))")
                }
            }

            // 4. Repair removes the leftovers and nothing else; the store is then clean.
            let repair = try await store.attempt(["fsck", "--repair"], timeout: .seconds(120))
            #expect(repair.status == 0, "\(repair)")
            let clean = try await store.attempt(["fsck"], timeout: .seconds(120))
            #expect(clean.status == 0 && clean.lines.count == 1, "\(clean)")
            print("""
                crash safety: \(iteration) iterations in \(clock.now - deadline + Self.loopBudget); \
                add killed \(kills.add)× (\(committedAdds - completed.add) after their commit; \(completed.add) finished; \
                undisturbed \(addDuration)), publish killed \(kills.publish)× (\(releases.count - 3 - completed.publish) after \
                their commit; \(completed.publish) finished; undisturbed \(publishDuration)); \
                \(findings.count) leftovers (\(findings.filter { $0.hasPrefix("temp file") }.count) temp files), \
                \(blobs.count) blob files rehashed, \(listed) listed packs checked, \(releases.count) releases
                """)
        }

        /// Starts `packserve <arguments>`, SIGKILLs it after a random delay between 0 and `duration`, and
        /// returns whether the kill landed (false: it had already finished, successfully).
        private func runKilling(_ store: StoreWorkspace, _ arguments: [String], within duration: Duration) async throws -> Bool {
            let delay = Double.random(in: 0...Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            let child = try store.spawn(arguments)
            // The kill lands at a random instant of the other process's work: that instant is the test, and
            // the process runs on the machine's clock, which no test clock stands in for.
            try await Task.sleep(for: .seconds(delay))
            let killed = child.isRunning
            child.signal(SIGKILL)
            let status = try await child.exitStatus(within: .seconds(60))
            if killed && status == 128 + SIGKILL { return true }
            #expect(status == 0, "`\(child.commandLine)` exited with \(String(describing: status)): \(child.stderr.text)")
            return false
        }

        /// Overwrites the first eight bytes of `path` with `number`.
        private func stamp(_ path: String, with number: Int) throws {
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            defer { try? handle.close() }
            try handle.write(contentsOf: withUnsafeBytes(of: UInt64(number).littleEndian) { Data($0) })
        }
    }
}
