import Crypto
import Foundation
import PackKitWire

/// The app install's random identifier and the rollout cohort derived from it (docs/rollouts.md "Cohorts"):
/// 128 random bits made on first use and kept in the store (`install-id`), never sent anywhere. Only the
/// cohort leaves the device, in manifest URLs and reports: 1,000 cohorts, so it tells the server nothing
/// about which install it is. A reinstall (a new store) draws a new cohort, as a new device would.
struct InstallIdentity: Sendable {
    let cohort: Int

    /// The number of cohorts a rollout divides devices into.
    static let cohorts = 1000

    /// Reads the identifier from `url`, making it first when there is none (or it is unreadable).
    init(file url: URL) throws(PackKitError) {
        var identifier = try AtomicFile.read(url).flatMap { $0.count == 16 ? $0 : nil }
        if identifier == nil {
            var made = SystemRandomNumberGenerator()
            let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &made) }
            try AtomicFile.write(bytes, to: url)
            identifier = bytes
        }
        cohort = Self.cohort(of: identifier ?? [])
    }

    /// The cohort of an identifier: the first 8 bytes of its SHA-256, as a number, modulo 1,000 (so the
    /// cohorts are equally likely whatever the identifier's own distribution).
    static func cohort(of identifier: [UInt8]) -> Int {
        let digest = Array(SHA256.hash(data: identifier))
        let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(number % UInt64(cohorts))
    }
}
