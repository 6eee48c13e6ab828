import Foundation
import Manifest
import PackStore

/// `packserve check`: what in the draft would hurt once published (docs/api.md "Command line"). A pure function
/// of the draft and the configuration, so every rule is tested without a store.
public enum DraftCheck {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public enum Severity: String, Sendable { case error, warning }
        public let severity: Severity
        public let message: String
        public var description: String { "\(severity.rawValue): \(message)" }
    }

    /// Apple recommends keeping each tag's assets to 64 MiB or less.
    public static let recommendedPackBytes: Int64 = 64 << 20

    /// - Parameter managed: also warn about every pack a device with managed Background Assets could not
    ///   install: one that is not an Apple Archive, or whose archive names another `assetPackID` (`check
    ///   --managed`; plain `check` stays quiet about them, the sample catalog being no archives).
    public static func findings(
        draft: [PackEntry], configuration c: PackServeConfiguration, managed: Bool = false
    ) -> [Finding] {
        var findings: [Finding] = []
        if let warning = plaintextBaseURLWarning(c) { findings.append(.init(severity: .warning, message: warning)) }
        let hosts = HostAllowList(c.allowedHosts)
        for pack in draft {
            if !NameRules.isValidPackID(pack.id) {
                findings.append(.init(severity: .error, message: "pack id \"\(pack.id)\" would be rejected by App Store Connect: use 1-128 of A-Z, a-z, 0-9, '.', '-', starting with a letter or digit"))
            }
            if pack.size > c.limits.maxPackBytes {
                findings.append(.init(severity: .error, message: "pack \(pack.id) is \(pack.size) bytes, more than limits.maxPackBytes (\(c.limits.maxPackBytes))"))
            }
            let url = c.packURLs.url(baseURL: c.publicBaseURL, id: pack.id, sha256: pack.sha256)
            if let host = URL(string: url)?.host, !hosts.allows(host) {
                findings.append(.init(severity: .error, message: "pack \(pack.id) URL host \(host) is not in allowedHosts"))
            }
            if managed, let warning = managedInstallWarning(pack) {
                findings.append(.init(severity: .warning, message: warning))
            }
            if pack.size > recommendedPackBytes {
                findings.append(.init(severity: .warning, message: "pack \(pack.id) is \(pack.size) bytes, over the 64 MiB Apple recommends for one download (an asset pack, or an On-Demand Resources tag)"))
            }
        }
        let essential = draft.filter { $0.policy == .essential }.reduce(Int64(0)) { $0 + $1.size }
        if c.limits.maxEssentialBytes > 0, essential > c.limits.maxEssentialBytes {
            findings.append(.init(severity: .error, message: "essential packs total \(essential) bytes, more than limits.maxEssentialBytes (\(c.limits.maxEssentialBytes))"))
        }
        return findings
    }

    /// Why a managed device could not install `pack`, if it could not: the system unpacks an Apple Archive made
    /// by `ba-package` and takes the pack's identity from its `Manifest.json`.
    static func managedInstallWarning(_ pack: PackEntry) -> String? {
        guard let archive = pack.archive else {
            return "pack \(pack.id) is not an Apple Archive: a managed device cannot install it (make it with xcrun ba-package)"
        }
        guard let assetPackID = archive.assetPackID else {
            return "pack \(pack.id) has no Manifest.json naming its assetPackID: a managed device cannot install it"
        }
        guard assetPackID == pack.id else {
            return "pack \(pack.id)'s archive says assetPackID \"\(assetPackID)\": a managed device cannot install it under this id"
        }
        return nil
    }

    /// Devices download Background Assets only over HTTPS from a certificate they trust: a manifest with
    /// http URLs works in a simulator or a browser, never on an iPhone. Shared by `check` and `plist`.
    public static func plaintextBaseURLWarning(_ c: PackServeConfiguration) -> String? {
        guard URL(string: c.publicBaseURL)?.scheme?.lowercased() != "https" else { return nil }
        return "publicBaseURL \(c.publicBaseURL) is not https: devices download Background Assets only over HTTPS from a trusted certificate (docs/device-testing.md)"
    }
}
