import Foundation
import PackStore
import ReleaseViews
import ViewRulesModel

/// Runs `CatalogStep`s on a real store, as the CLI would: what the property tests of the index
/// (`StoreVersionRulesPropertyTests`) and of the server (`ServedVersionRulesPropertyTests`) share. How a change
/// is signed is the caller's: a recording sealer for the index alone, the server's signer for the server.
public final class StoreStepRunner {
    public let store: PackStore
    /// Where draft files are written (a directory of the caller's).
    let scratch: URL

    public init(store: PackStore, scratch: URL) {
        self.store = store
        self.scratch = scratch
    }

    /// Runs `step`; false when the store refused it.
    /// - Parameter renew: renews a channel's signing under the lease; false when it did not sign.
    public func apply(
        _ step: CatalogStep, sealer: some ChannelSealer, renew: (ChannelName) throws -> Bool
    ) throws -> Bool {
        do {
            switch step {
            case .publish(let contents, let builds, let channel):
                try setDraft(contents)
                _ = try store.publish(channel: channel, builds: builds, sealedBy: sealer)
            case .promote(let channel, let release): _ = try store.promote(channel, to: release, sealedBy: sealer)
            case .rollback(let channel, let release): _ = try store.rollback(to: release, channel: channel, sealedBy: sealer)
            case .create(let channel): _ = try store.createChannel(channel, sealedBy: sealer)
            case .remove(let channel): try store.removeChannel(channel)
            case .map(let build, let channel): _ = try store.mapBuild(build, to: channel, sealedBy: sealer)
            case .renew(let channel): return try renew(channel)
            }
            return true
        } catch is PackStoreError {
            return false
        }
    }

    /// Makes the draft hold exactly `contents` (pack id → the text of its bytes).
    private func setDraft(_ contents: [String: String]) throws {
        let draft = Set(try store.listDraft().map(\.id))
        for (id, content) in contents {
            let file = scratch.appendingPathComponent("\(content)-\(UUID().uuidString)")
            try Data(content.utf8).write(to: file)
            _ = try store.add(file: file, id: id)
        }
        for id in draft where contents[id] == nil { try store.remove(id: id) }
    }
}
