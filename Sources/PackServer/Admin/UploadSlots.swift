import Foundation
import Synchronization

/// How many uploads may run at once (docs/api.md "Admin API"): `maxUploads` in all, and `maxPerToken` for
/// any one token, so a token cannot hold every slot. A slot in all is taken on the event loop before the
/// upload's thread starts (so strangers cannot make threads); a token's slot once its token is verified.
///
/// A token whose upload was ended for being too slow (408) gets no slot for `cooldownSeconds`: without
/// that, a client trickling uploads reconnects the moment one is ended and takes the freed slot back
/// before anyone honouring `Retry-After` can, so the rate rule alone would not free a slot for others.
final class UploadSlots: Sendable {
    struct Counts: Equatable, Sendable {
        var running = 0
        var perToken: [String: Int] = [:]
        /// Token → when (on `clock`) it may upload again.
        var coolingUntil: [String: Double] = [:]
    }

    enum TokenSlot: Equatable {
        case granted
        /// The token runs `maxPerToken` uploads already.
        case tokenFull
        /// The token's last upload was too slow; it may try again in this many seconds.
        case coolingDown(seconds: Int)
    }

    let maxUploads: Int
    let maxPerToken: Int
    let cooldownSeconds: Double
    private let counts = Mutex(Counts())
    private let clock: @Sendable () -> Double

    /// - Parameter clock: seconds on a monotonic clock (tests pass their own).
    init(
        maxUploads: Int, maxPerToken: Int, cooldownSeconds: Double = 30,
        clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.maxUploads = maxUploads
        self.maxPerToken = maxPerToken
        self.cooldownSeconds = cooldownSeconds
        self.clock = clock
    }

    /// Takes one of the `maxUploads` slots; false when all are taken.
    func reserve() -> Bool {
        counts.withLock { counts in
            guard counts.running < maxUploads else { return false }
            counts.running += 1
            return true
        }
    }

    func release() {
        counts.withLock { $0.running -= 1 }
    }

    /// Takes one of `token`'s slots, unless it holds its share or is cooling down.
    func reserve(token: String) -> TokenSlot {
        let now = clock()
        return counts.withLock { counts in
            if let until = counts.coolingUntil[token] {
                if now < until { return .coolingDown(seconds: max(1, Int((until - now).rounded(.up)))) }
                counts.coolingUntil[token] = nil
            }
            let held = counts.perToken[token, default: 0]
            guard held < maxPerToken else { return .tokenFull }
            counts.perToken[token] = held + 1
            return .granted
        }
    }

    /// Gives back `token`'s slot; `endedTooSlow` starts its cooldown.
    func release(token: String, endedTooSlow: Bool = false) {
        let now = clock()
        counts.withLock { counts in
            let held = counts.perToken[token, default: 1] - 1
            counts.perToken[token] = held > 0 ? held : nil
            if endedTooSlow { counts.coolingUntil[token] = now + cooldownSeconds }
        }
    }

    var current: Counts { counts.withLock { $0 } }
}
