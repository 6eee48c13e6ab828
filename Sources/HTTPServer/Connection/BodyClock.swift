/// Whether a request body keeps its `BodyPace`, as a value: the connection reports bytes and pauses with
/// the time (whole seconds on a monotonic clock), and asks `isTooSlow(at:)` from the sweep.
///
/// Time is counted in "active" seconds since the body started: a pause for the application shifts `since`
/// forward by its length, so neither the deadline nor the window sees it.
struct BodyClock: Equatable {
    let pace: BodyPace
    /// The body's start, moved forward by every pause.
    private(set) var since: Int64
    private(set) var received: Int64 = 0
    /// Bytes per active second for the last `windowSeconds + 1` seconds (`.minimumRate` only), indexed by
    /// active second modulo the count; `newest` is the active second of the latest bucket written.
    private var buckets: [Int64]
    private var newest: Int64 = 0

    init(pace: BodyPace, startedAt now: Int64) {
        self.pace = pace
        since = now
        if case .minimumRate(_, let window) = pace {
            buckets = Array(repeating: 0, count: max(1, window) + 1)
        } else {
            buckets = []
        }
    }

    mutating func received(_ count: Int, at now: Int64) {
        received += Int64(count)
        guard !buckets.isEmpty else { return }
        let second = max(0, now - since)
        if second > newest {
            // Seconds with no bytes between the newest bucket and this one are zero (at most a ring's worth).
            var cleared = newest + 1
            while cleared <= second && cleared <= newest + Int64(buckets.count) {
                buckets[Int(cleared % Int64(buckets.count))] = 0
                cleared += 1
            }
            newest = second
        }
        buckets[Int(second % Int64(buckets.count))] += Int64(count)
    }

    /// The body stopped being read at `pausedAt` and goes on at `now`: the pause is not the client's time.
    mutating func resume(pausedAt: Int64, at now: Int64) {
        since += max(0, now - pausedAt)
    }

    func isTooSlow(at now: Int64) -> Bool {
        let second = now - since
        switch pace {
        case .within(let seconds):
            return second >= Int64(seconds)
        case .minimumRate(let bytesPerSecond, let window):
            guard second >= Int64(window) else { return false }
            // The window is the active seconds second-window ... second; buckets older than the ring, or
            // newer than the latest byte, hold nothing.
            var sum: Int64 = 0
            let oldest = max(second - Int64(window), newest - Int64(buckets.count) + 1)
            if oldest <= newest {
                for s in oldest...min(second, newest) { sum += buckets[Int(s % Int64(buckets.count))] }
            }
            return sum < Int64(bytesPerSecond) * Int64(window)
        }
    }
}
