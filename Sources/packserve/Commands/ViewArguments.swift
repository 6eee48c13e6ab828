import PackStore
import ReleaseViews

/// Channel names and app builds from the command line, refused with the same one line the store and the
/// server give (docs/channels.md).
enum ViewArguments {
    static func channel(_ text: String) throws -> ChannelName {
        guard let channel = ChannelName(text) else { throw CommandFailure(ChannelRefusal.invalidName(text).description) }
        return channel
    }

    static func build(_ text: String) throws -> AppBuild {
        do {
            return try AppBuild(parsing: text)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    static func range(min: String?, max: String?) throws -> BuildRange {
        do {
            return try BuildRange(min: min, max: max)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// `; raised the Apple versions of 1 pack in 1 view (…)`, or nothing when the build rule raised none.
    static func raisedNote(_ change: ChannelChange) -> String {
        guard change.raisedPacks > 0 else { return "" }
        let packs = change.raisedPacks == 1 ? "1 pack" : "\(change.raisedPacks) packs"
        let views = change.raisedViews == 1 ? "1 view" : "\(change.raisedViews) views"
        return "; raised the Apple versions of \(packs) in \(views) for newer builds (their devices download the same bytes once more)"
    }
}
