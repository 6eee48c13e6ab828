import Foundation
import Polling
import Synchronization

/// Many `SimulatedDevice`s through a cache across a publish (scripts/bench-cdn; a small one in the CDN
/// tests): every device installs from the old release (`options.workers` at once, each worker thread with its
/// own keep-alive connection), installed devices poll their document every `options.pollSeconds` with
/// `If-None-Match` (`options.pollWorkers` threads), `publish` runs once half of the devices are installed, and
/// a polling device that sees the new release updates the packs it holds. A run ends when every device is
/// installed and every device installed from the old release has seen the new one and updated.
///
/// Threads, not tasks: the devices block on their sockets, and Swift's cooperative pool has one thread a
/// core. Workers wait on `work` for jobs and pollers on `schedule` for the next poll due, each condition
/// guarding only its queue, so an event of one kind wakes no thread of the other; everything else is behind
/// `lock`, held for a few assignments at a time (a thread preempted while holding a lock shared by all
/// would make every poll late). Only what runs on its own time (the origin's log, the servers, these
/// threads as a whole) is watched with `Poll`. Times are this process's `ContinuousClock`, which also times
/// the origin's log lines as they appear.
package final class FleetSimulation: @unchecked Sendable {
    package let devices: [FleetDevice]
    package let tally = DeviceTally()
    private let options: FleetOptions
    private let cachePort: Int
    /// Release → pack id → SHA-256: a document showing anything else is a problem.
    private let expected: [Int: [String: String]]
    private let clock = ContinuousClock()
    private let stopping = Atomic(false)
    /// `options.concurrentReads` slots, shared by the workers' connections.
    private let readers: DispatchSemaphore

    /// Guards `jobs`: install and update jobs for the workers.
    private let work = NSCondition()
    private var jobs: [Job] = []
    private var nextJob = 0
    /// Guards `polls`: when each installed device polls next.
    private let schedule = NSCondition()
    private var polls = PollSchedule()
    /// Guards the rest, and the times in `FleetDevice`.
    private let lock = NSLock()
    private var installed = 0
    /// Install and update jobs queued or running.
    private var pending = 0
    /// Half of the devices are installed: time to publish.
    private var publishWanted = false
    private var runningThreads = 0
    private var publish = PublishTimes()
    private var answers: [DocumentAnswer] = []
    private var pollLateness: [(due: ContinuousClock.Instant, late: Duration)] = []
    private var requestedBlobs: [String: Int] = [:]

    private enum Job {
        case install(FleetDevice)
        case update(FleetDevice, DeviceDocument)
    }

    /// `expected` lists, for `options.fromRelease` and `options.toRelease`, each pack id's SHA-256;
    /// `onDemand` the on-demand packs a device may want, in the catalog's order (the order of the draws).
    package init(
        devices count: Int, cachePort: Int, options: FleetOptions, expected: [Int: [String: String]], onDemand: [String]
    ) {
        self.options = options
        self.cachePort = cachePort
        readers = DispatchSemaphore(value: max(1, options.concurrentReads))
        self.expected = expected
        // The draws of scripts/bench-cdn's Python, in its order: each device's kind and on-demand packs, then
        // whether and where each one's download breaks.
        var random = PythonRandom(seed: options.seed + count)
        var drafts: [(DocumentKind, Set<String>)] = []
        for _ in 0..<count {
            let draw = random.random()
            var sum = 0.0
            var kind = options.kinds[options.kinds.count - 1].kind
            for (share, candidate) in options.kinds {
                sum += share
                if draw < sum {
                    kind = candidate
                    break
                }
            }
            let wanted = Set(onDemand.filter { _ in random.random() < options.onDemandProbability })
            drafts.append((kind, wanted))
        }
        devices = drafts.enumerated().map { index, draft in
            let interruption = random.random() * 100 < options.resumePercent
                ? Interruption(packFraction: random.random(), pieceFraction: random.random(), byteFraction: 0.1 + 0.8 * random.random())
                : nil
            let device = SimulatedDevice(
                kind: draft.0, selection: .essentialPrefetchAnd(onDemand: draft.1), pieceBytes: options.pieceBytes)
            return FleetDevice(index: index, device: device, interruption: interruption)
        }
    }

    /// Runs the simulation on threads of its own until it ends, or throws once `deadline` passed. Meanwhile
    /// this task watches it (`Poll`: the threads and the servers run on their own time): it runs `publish`
    /// (which makes the new release) once half of the devices are installed, calls `alive` (which throws if
    /// the origin or the cache died) and gives `progress` a line every 15 s. `originLog` is the origin's log
    /// so far: a thread times its `release N live` and purge lines as they appear.
    package func run(
        deadline: Duration,
        publish makeRelease: () async throws -> Void,
        originLog: @escaping @Sendable () -> String,
        alive: () throws -> Void,
        progress: (String) -> Void
    ) async throws -> FleetRecord {
        let started = clock.now
        lock.withLock {
            pending = devices.count
            runningThreads = options.workers + options.pollWorkers + 1
        }
        work.withLock { jobs = devices.map { .install($0) } }
        for _ in 0..<options.workers { thread { self.runJobs() } }
        for _ in 0..<options.pollWorkers { thread { self.runPolls() } }
        thread { self.watch(originLog) }
        var lastReport = clock.now
        do {
            let done = try await Poll.until(within: deadline) {
                try alive()
                let publishNow = lock.withLock { () -> Bool in
                    guard publishWanted && publish.started == nil else { return false }
                    publish.started = clock.now
                    return true
                }
                if publishNow {
                    do {
                        try await makeRelease()
                        let now = clock.now
                        lock.withLock { publish.exited = now }
                    } catch {
                        throw DeviceFailure("the publish of release \(options.toRelease) failed: \(error)")
                    }
                }
                if clock.now - lastReport > .seconds(15) {
                    lastReport = clock.now
                    let (count, updated) = lock.withLock { (installed, devices.filter { $0.updatedAt != nil }.count) }
                    progress("\(count)/\(devices.count) installed, \(updated) updated, \(tally[.packBytes] >> 20) MiB of packs received")
                }
                return lock.withLock { finished() }
            }
            guard done else {
                let count = lock.withLock { installed }
                throw DeviceFailure("the run passed its time limit of \(deadline) (\(count) of \(devices.count) installed)")
            }
        } catch {
            try await stopAndJoin()
            throw error
        }
        let ended = clock.now
        try await stopAndJoin()
        return lock.withLock {
            FleetRecord(
                devices: devices, tally: tally, started: started, ended: ended, publish: publish, answers: answers,
                pollLateness: pollLateness, requestedBlobs: requestedBlobs)
        }
    }

    /// With `lock` held: every device installed, the publish done and logged (or a minute past it), no job
    /// left, and every device installed from the old release updated.
    private func finished() -> Bool {
        guard let exited = publish.exited, installed >= devices.count else { return false }
        if (publish.originLive == nil || publish.purged == nil) && clock.now < exited + .seconds(60) { return false }
        if pending > 0 { return false }
        // A device whose install failed (a problem, reported) has nothing to update.
        return devices.allSatisfy { $0.installRelease != options.fromRelease || $0.updatedAt != nil }
    }

    /// Stops the threads: each ends after the request it is in (a minute at most: the receive timeout).
    private func stopAndJoin() async throws {
        stopping.store(true, ordering: .sequentiallyConsistent)
        work.withLock { work.broadcast() }
        schedule.withLock { schedule.broadcast() }
        try await Poll.until(within: .seconds(70)) { lock.withLock { runningThreads == 0 } }
    }

    private var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    private func thread(_ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            body()
            self.lock.withLock { self.runningThreads -= 1 }
        }
    }

    // MARK: Workers: installs and updates

    private func runJobs() {
        let connection = DeviceConnection(port: cachePort, tally: tally, readers: readers)
        while true {
            let job = work.withLock { () -> Job? in
                while nextJob == jobs.count && !isStopping { work.wait() }
                if isStopping { return nil }
                nextJob += 1
                return jobs[nextJob - 1]
            }
            switch job {
            case nil: return
            case .install(let device): install(device, on: connection)
            case .update(let device, let document): update(device, to: document, on: connection)
            }
        }
    }

    private func enqueue(_ job: Job) {
        work.withLock {
            jobs.append(job)
            work.signal()
        }
    }

    private func install(_ fleetDevice: FleetDevice, on connection: DeviceConnection) {
        let device = fleetDevice.device
        var release: Int?
        do {
            let read = try device.readDocument(on: connection, conditional: false)
            guard let document = read.document else { throw DeviceFailure("\(device.kind): a 304 to an unconditional GET") }
            try check(document, answering: device.kind.path)
            record(DocumentAnswer(started: read.started, ended: read.ended, release: document.release))
            release = document.release
            note(device.packsToDownload(in: document))
            try device.update(to: document, on: connection, interruption: fleetDevice.interruption)
        } catch {
            tally.problem("device \(fleetDevice.index) install: \(error)")
            release = nil
        }
        let now = clock.now
        lock.withLock {
            fleetDevice.installedAt = now
            fleetDevice.installRelease = release
            fleetDevice.release = release
            installed += 1
            if installed * 2 >= devices.count { publishWanted = true }
            pending -= 1
        }
        schedulePoll(of: fleetDevice.index, at: now + .seconds(Double.random(in: 0..<options.pollSeconds)))
    }

    private func update(_ fleetDevice: FleetDevice, to document: DeviceDocument, on connection: DeviceConnection) {
        do {
            note(fleetDevice.device.packsToDownload(in: document))
            try fleetDevice.device.update(to: document, on: connection)
        } catch {
            tally.problem("device \(fleetDevice.index) update: \(error)")
        }
        let now = clock.now
        lock.withLock {
            fleetDevice.updatedAt = now
            pending -= 1
        }
    }

    // MARK: Pollers

    private func schedulePoll(of device: Int, at due: ContinuousClock.Instant) {
        schedule.withLock {
            let wasEarliest = polls.earliest.map { due < $0 } ?? true
            polls.add(device, due: due)
            // Only a new earliest poll changes how long a waiting poller sleeps.
            if wasEarliest { schedule.signal() }
        }
    }

    /// The next poll once it is due (nil when stopping).
    private func nextDuePoll() -> (due: ContinuousClock.Instant, device: Int)? {
        schedule.withLock {
            while !isStopping {
                if let earliest = polls.earliest {
                    if earliest <= clock.now { return polls.removeEarliest() }
                    _ = schedule.wait(until: Date(timeIntervalSinceNow: (earliest - clock.now) / .seconds(1)))
                } else {
                    schedule.wait()
                }
            }
            return nil
        }
    }

    private func runPolls() {
        let connection = DeviceConnection(port: cachePort, tally: tally)
        while let (due, index) = nextDuePoll() {
            let fleetDevice = devices[index]
            let device = fleetDevice.device
            let late = clock.now - due
            do {
                let read = try device.readDocument(on: connection, conditional: true)
                tally.add(.polls)
                let held = lock.withLock { fleetDevice.release }
                if let document = read.document {
                    try check(document, answering: device.kind.path)
                    record(DocumentAnswer(started: read.started, ended: read.ended, release: document.release))
                    if let held, document.release > held {
                        // Marks the release as seen at once (later polls answer 304 with the new ETag).
                        let now = clock.now
                        lock.withLock {
                            fleetDevice.release = document.release
                            fleetDevice.seenNewAt = now
                            pending += 1
                        }
                        enqueue(.update(fleetDevice, document))
                    } else if let held, document.release < held {
                        tally.problem("device \(index): release went down from \(held) to \(document.release)")
                    }
                } else {
                    record(DocumentAnswer(started: read.started, ended: read.ended, release: held))
                }
            } catch {
                tally.problem("device \(index) poll: \(error)")
            }
            lock.withLock {
                fleetDevice.polls += 1
                pollLateness.append((due, late))
            }
            schedulePoll(of: index, at: max(due + .seconds(options.pollSeconds), clock.now))
        }
    }

    // MARK: The origin's log

    /// Reads the origin's log as it grows and times the lines saying the new release went live and that the
    /// cache answered the purge for it. Every 5 ms (`Poll`): the lines carry whole seconds only, and another
    /// process's log signals nothing when it grows.
    private func watch(_ originLog: @Sendable () -> String) {
        let live = "release \(options.toRelease) live"
        let purged = "reason=release \(options.toRelease) status=2"
        var seen = 0
        Poll.blockingUntil(within: .seconds(86_400), every: .milliseconds(5)) {
            let text = originLog()
            let now = clock.now
            let new = String(decoding: text.utf8.dropFirst(seen), as: UTF8.self)
            seen = text.utf8.count
            let both = lock.withLock {
                if publish.originLive == nil && new.contains(live) { publish.originLive = now }
                if publish.purged == nil && new.contains(purged) { publish.purged = now }
                return publish.originLive != nil && publish.purged != nil
            }
            return both || isStopping
        }
    }

    // MARK: Records

    /// A document must be one of the two releases, pack for pack.
    private func check(_ document: DeviceDocument, answering path: String) throws(DeviceFailure) {
        let packs = Dictionary(document.packs.map { ($0.id, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        guard let release = expected[document.release], release == packs else {
            throw DeviceFailure("GET \(path): a document that is neither release \(options.fromRelease) nor \(options.toRelease)")
        }
    }

    private func record(_ answer: DocumentAnswer) {
        lock.withLock { answers.append(answer) }
    }

    private func note(_ packs: [DocumentPack]) {
        lock.withLock { for pack in packs { requestedBlobs[pack.sha256] = pack.size } }
    }
}
