import Foundation
import GRDB

/// A row of `channel`: a channel that exists now (docs/channels.md). Its history, counter and floors live in
/// tables of their own, keyed by name, because some of them outlive the channel.
struct ChannelRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "channel"

    var name: String
    var requireCredentials: Bool
    var createdAt: Date
}
