import Synchronization

/// How many uploads may run at once (docs/api.md "Admin API"): `maxUploads` in all, and `maxPerToken` for
/// any one token, so a token cannot hold every slot. A slot in all is taken on the event loop before the
/// upload's thread starts (so strangers cannot make threads); a token's slot once its token is verified.
final class UploadSlots: Sendable {
    struct Counts: Equatable, Sendable {
        var running = 0
        var perToken: [String: Int] = [:]
    }

    let maxUploads: Int
    let maxPerToken: Int
    private let counts = Mutex(Counts())

    init(maxUploads: Int, maxPerToken: Int) {
        self.maxUploads = maxUploads
        self.maxPerToken = maxPerToken
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

    /// Takes one of `token`'s slots; false when it holds `maxPerToken` already.
    func reserve(token: String) -> Bool {
        counts.withLock { counts in
            let held = counts.perToken[token, default: 0]
            guard held < maxPerToken else { return false }
            counts.perToken[token] = held + 1
            return true
        }
    }

    func release(token: String) {
        counts.withLock { counts in
            let held = counts.perToken[token, default: 1] - 1
            counts.perToken[token] = held > 0 ? held : nil
        }
    }

    var current: Counts { counts.withLock { $0 } }
}
